/**
 * The i18n keys a declaration implies, with their texts. Pure: the server registers the book of
 * RESOURCES at start-up (`registerDerivedMessages`), the tests build it for their own declarations.
 *
 * Keys:
 * - `res.<name>`                      the object's name
 * - `res.<name>.<field>`              a field's label; `.help` its hint; `.empty` what empty means; `.pattern` its pattern message
 * - `res.<name>.<field>.<value>`      an enum option
 * - `res.<name>.<lines>.<field>`      a field of a line (and `.<value>` for its options, `.pattern`)
 * - `res.<name>.<object>.<field>`     a field of an object field, nested as deep as it goes
 *                                     (`res.<name>.rule.tiers.points`)
 * - `res.<name>.section.<key>`        a form or detail section
 * - `res.<name>.action.<action>`      a state action; `.confirm` its confirmation text
 * - `res.<name>.related.<key>`        a related list's title (`detail.related`, when it declares one)
 */
import { detailSections, formSections, labelKey, relatedLists, type FieldDef, type ResourceDef } from './define';
import type { Bilingual, MessageBook } from './messages/bilingual';

function addField(book: Record<string, Bilingual>, key: string, field: FieldDef): void {
  book[key] = field.label;
  if (field.help) book[`${key}.help`] = field.help;
  if (field.emptyMeans) book[`${key}.empty`] = field.emptyMeans;
  if ((field.kind === 'text' || field.kind === 'secret') && field.pattern) book[`${key}.pattern`] = field.pattern.message;
  if (field.kind === 'enum') {
    for (const [value, option] of Object.entries(field.options)) book[`${key}.${value}`] = option.label;
  }
  if (field.kind === 'lines' || field.kind === 'object') {
    for (const [name, inner] of Object.entries(field.fields)) addField(book, `${key}.${name}`, inner);
  }
}

/** The derived message book of one declaration. */
export function resourceMessageBook(resource: ResourceDef): MessageBook {
  const book: Record<string, Bilingual> = { [`res.${resource.name}`]: resource.title };
  for (const [name, field] of Object.entries(resource.fields)) addField(book, labelKey(resource.name, name), field);
  for (const section of [...formSections(resource), ...detailSections(resource)]) {
    book[`res.${resource.name}.section.${section.key}`] = section.title;
  }
  for (const related of relatedLists(resource)) if (related.title) book[`res.${resource.name}.related.${related.key}`] = related.title;
  for (const [name, action] of Object.entries(resource.states?.actions ?? {})) {
    book[`res.${resource.name}.action.${name}`] = action.label;
    if (action.confirm) book[`res.${resource.name}.action.${name}.confirm`] = action.confirm;
  }
  return book;
}

/** The derived message book of several declarations (RESOURCES, or a test's own). */
export function resourceMessages(resources: readonly ResourceDef[]): MessageBook {
  return Object.assign({}, ...resources.map(resourceMessageBook)) as MessageBook;
}
