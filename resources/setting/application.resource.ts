import { permissionTree, type PermissionNode } from '../access';
import { ACTION_TITLES } from '../catalog/actions';
import { defineResource, field, type EnumOption } from '../define';
import { preset } from '../field-presets';
import { webhookEventOptions } from './webhook-events';

/** Separates the resource path from the action in a stored grant (`会员/标准会员|会员资料查看`). */
export const GRANT_SEPARATOR = '|';

/** A stored grant of an application: the role screen's resource path and action, as one text. */
export const grantValue = (resourceId: string, action: string): string => `${resourceId}${GRANT_SEPARATOR}${action}`;

/** The resource path and action of a stored grant. */
export function grantOf(value: string): { resourceId: string; action: string } {
  const at = value.lastIndexOf(GRANT_SEPARATOR);
  return { resourceId: value.slice(0, at), action: value.slice(at + 1) };
}

/**
 * Every pair the role screen can grant, as options of the application's grants (`设置/用户 ·
 * 查看`): the same catalogue, so an application can be given exactly what a role could, and
 * nothing the catalogue does not know.
 */
function grantOptions(): Record<string, EnumOption> {
  const options: Record<string, EnumOption> = {};
  const visit = (node: PermissionNode, path: readonly [string, string]) => {
    for (const action of node.actions) {
      const [zh, en] = ACTION_TITLES[action];
      options[grantValue(node.resourceId, action)] = { label: [`${path[0]} · ${zh}`, `${path[1]} · ${en}`] };
    }
    for (const child of node.children) visit(child, [`${path[0]}/${child.name[0]}`, `${path[1]} / ${child.name[1]}`]);
  };
  for (const root of permissionTree()) visit(root, [root.name[0], root.name[1]]);
  return options;
}

/**
 * An application (应用): a till fleet, a mini program or one of the merchant's other systems
 * that calls the API with a key of its own instead of a console user's session (issue 31 §1).
 *
 * - What it may do is its grants (the role screen's resource + action pairs) and, when stores are
 *   chosen, only at those stores: a sale, a recharge or a write-off naming another store is
 *   refused, and lists of records that belong to a store show only its stores' records.
 * - Its keys are issued on the detail, shown once, stored as a hash
 *   (server/modules/applications). Rotating issues a new key and lets the old ones work for
 *   the overlap chosen; revoking ends a key at once in every server process.
 * - Every call made with a key is recorded (operation, status, time) and listed on the detail.
 * - Disabled, none of its keys is accepted; enabled again, its live keys work again.
 * - Its webhook (issue 31 §2): a URL and the events it subscribes to; with a signing secret
 *   (issued on the detail, shown once) each event is posted to the URL, signed, retried for a
 *   day and listed with its answers on the detail (server/modules/webhooks).
 */
export const applicationResource = defineResource({
  name: 'application',
  table: 'applications',
  title: ['应用', 'Application'],
  route: { group: 'setting', entry: 'application', screens: { list: 'application' } },
  access: { read: ['view'], write: 'configure' },
  scope: 'tenant',
  fields: {
    number: preset.documentNumber({ label: ['应用编号', 'Application number'], width: 130 }),
    name: preset.uniqueName(['应用名称', 'Application name']),
    kind: field.enum({
      label: ['应用类型', 'Kind'],
      required: true,
      options: {
        TILL: { label: ['收银台', 'Till'], color: 'blue' },
        MINI_PROGRAM: { label: ['小程序', 'Mini program'], color: 'green' },
        ERP: { label: ['ERP 系统', 'ERP'], color: 'purple' },
        OTHER: { label: ['其他', 'Other'], color: 'default' },
      },
      filter: 'in',
      width: 110,
    }),
    stores: field.relation({
      label: ['限定门店', 'Stores'],
      help: ['不选则全部门店', 'None: every store'],
      emptyMeans: ['全部门店', 'All stores'],
      resource: 'store',
      multiple: true,
      inList: false,
    }),
    grants: field.enum({
      label: ['可调用的操作', 'Operations it may call'],
      help: [
        '与角色的权限相同：资源与操作。只勾选该应用需要的',
        'The same resource and action grants as a role: choose only what the application needs',
      ],
      required: true,
      multiple: true,
      options: grantOptions(),
      inList: false,
    }),
    state: field.enum({
      label: ['状态', 'Status'],
      required: true,
      options: {
        ENABLED: { label: ['启用', 'Enabled'], color: 'green' },
        DISABLED: { label: ['停用', 'Disabled'], color: 'default' },
      },
      defaultValue: 'ENABLED',
      serverManaged: true,
      filter: 'eq',
      width: 100,
    }),
    remark: preset.remark(),
    webhookUrl: field.text({
      label: ['回调地址', 'Webhook URL'],
      help: ['事件以 POST 发送到此地址（http 或 https）；不填则不发送', 'Events are POSTed here (http or https); empty: none are sent'],
      maxLength: 500,
      pattern: {
        regex: '^https?://[^\\s/?#]+[^\\s]*$',
        message: ['请输入以 http:// 或 https:// 开头的地址', 'Enter a URL starting with http:// or https://'],
      },
      inList: false,
    }),
    webhookEvents: field.enum({
      label: ['订阅的事件', 'Events subscribed'],
      multiple: true,
      options: webhookEventOptions(),
      inList: false,
    }),
  },
  titleField: 'name',
  list: { columns: ['number', 'name', 'kind', 'state'], defaultSort: { field: 'number', order: 'desc' } },
  numbering: { field: 'number', prefix: 'APP', digits: 6 },
  states: {
    field: 'state',
    initial: 'ENABLED',
    editableIn: ['ENABLED', 'DISABLED'],
    deletableIn: ['DISABLED'],
    actions: {
      disable: {
        label: ['停用', 'Disable'],
        from: ['ENABLED'],
        to: 'DISABLED',
        confirm: ['停用后该应用的所有密钥立即失效，确定停用吗？', 'Once disabled, none of its keys is accepted. Disable it?'],
        danger: true,
      },
      enable: {
        label: ['启用', 'Enable'],
        from: ['DISABLED'],
        to: 'ENABLED',
        confirm: ['启用后该应用未吊销的密钥恢复可用，确定启用吗？', 'Its keys that were not revoked work again. Enable it?'],
      },
    },
  },
});
