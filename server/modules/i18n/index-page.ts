import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../resources/messages/bilingual';
import { SERVED_LOGIN_TEXTS_ID, type ServedLoginTexts } from '../../../resources/messages/scopes';
import { messageTable } from './translate';

interface RenderedPage {
  readonly html: string;
  readonly etag: string;
}

/**
 * JSON that cannot end the element it sits in: `<` is written as its escape, so no text of the
 * table (`</script>`, `<!--`) can close the data block or open markup.
 */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * index.html as the server sends it: the build's page with the labels the login page draws with
 * (the `login` part of the translation table, a few kB) in a data block of its head. A first visit
 * then draws the login page without asking for them first: on a slow mobile link that request was
 * a round trip of half a second before anything could be drawn. The block is data, never run
 * (`type="application/json"`, so the Content-Security-Policy is not concerned).
 *
 * The language is the page address's `locale` (`/?locale=en_US`), else the default. The browser
 * uses the block only when it starts in that language; otherwise it asks as before. The page is
 * revalidated on every load (`no-cache`, an ETag of its content), so a changed label reaches the
 * next page load as the table's own ETag makes it do.
 */
export function registerIndexPage(app: FastifyInstance, webDir: string): void {
  const file = path.join(webDir, 'index.html');
  if (!fs.existsSync(file)) return;
  // The build's page, read again when a build replaced it (a `vite build` while the server runs
  // names new asset files), as the static files it names are.
  let built = fs.readFileSync(file, 'utf8');
  let readAt = fs.statSync(file).mtimeMs;
  const rendered = new Map<string, RenderedPage>();
  const current = () => {
    try {
      const changed = fs.statSync(file).mtimeMs;
      if (changed !== readAt) {
        built = fs.readFileSync(file, 'utf8');
        readAt = changed;
        rendered.clear();
      }
    } catch {
      // Gone for the moment (a build emptying its folder): the page last read until it is back.
    }
    return built;
  };

  const render = (locale: Locale): RenderedPage => {
    const source = current();
    const table = messageTable({ locale, scope: 'login' });
    const key = `${locale}:${table.etag}`;
    let page = rendered.get(key);
    if (!page) {
      const texts: ServedLoginTexts = { locale, messages: table.messages };
      const block = `<script type="application/json" id="${SERVED_LOGIN_TEXTS_ID}">${inertJson(texts)}</script>`;
      // Before the head's end, else before the first script: never ahead of the doctype.
      const at = source.includes('</head>')
        ? source.indexOf('</head>')
        : source.includes('<script')
          ? source.indexOf('<script')
          : source.length;
      const html = `${source.slice(0, at)}${block}${source.slice(at)}`;
      page = { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
      rendered.set(key, page);
    }
    return page;
  };

  const handler = async (request: FastifyRequest<{ Querystring: { locale?: string } }>, reply: FastifyReply) => {
    const asked = request.query.locale;
    const page = render(isLocale(asked) ? asked : DEFAULT_LOCALE);
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page.html);
  };
  for (const url of ['/', '/index.html']) app.get<{ Querystring: { locale?: string } }>(url, { schema: { hide: true } }, handler);
}
