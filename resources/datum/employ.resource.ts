import { defineResource, field } from '../define';
import { preset } from '../field-presets';

/**
 * An employee of the merchant: the cashier, fuel attendant or manager recorded as operator on
 * transactions, sales bills and write-offs. Employees are not console users (those live in
 * setting/user); the code is the staff number printed on receipts. The resource keeps the
 * specification's route name `employ`.
 */
export const employResource = defineResource({
  name: 'employ',
  table: 'employees',
  title: ['员工', 'Employee'],
  route: { group: 'datum', entry: 'employ', screens: { list: 'employ' } },
  access: { read: ['资料查看'], write: '配置维护' },
  scope: 'tenant',
  fields: {
    code: preset.code(['员工工号', 'Staff number'], { width: 130 }),
    name: preset.name(['姓名', 'Name'], { maxLength: 40, width: 120 }),
    mobile: field.text({
      label: ['手机号', 'Mobile'],
      maxLength: 11,
      pattern: { regex: '^1[3-9][0-9]{9}$', message: ['请输入11位手机号', 'Enter an 11-digit mobile number'] },
      searchable: true,
      filter: 'prefix',
      width: 130,
    }),
    store: field.relation({ label: ['所属门店', 'Store'], resource: 'store', required: true, filter: 'eq' }),
    position: field.enum({
      label: ['岗位', 'Position'],
      required: true,
      options: {
        STATION_MANAGER: { label: ['站长', 'Station manager'], color: 'gold' },
        STORE_MANAGER: { label: ['店长', 'Store manager'], color: 'gold' },
        CASHIER: { label: ['收银员', 'Cashier'], color: 'blue' },
        FUEL_ATTENDANT: { label: ['加油员', 'Fuel attendant'], color: 'cyan' },
        SALES_CLERK: { label: ['营业员', 'Sales clerk'], color: 'geekblue' },
        SUPERVISOR: { label: ['督导', 'Supervisor'], color: 'purple' },
      },
      filter: 'in',
      sortable: true,
      width: 110,
    }),
    hireDate: field.date({ label: ['入职日期', 'Hire date'], filter: 'range', sortable: true, width: 120 }),
    state: field.enum({
      label: ['在职状态', 'Employment status'],
      required: true,
      options: {
        ACTIVE: { label: ['在职', 'Active'], color: 'green' },
        ON_LEAVE: { label: ['休假', 'On leave'], color: 'orange' },
        RESIGNED: { label: ['离职', 'Resigned'], color: 'default' },
      },
      defaultValue: 'ACTIVE',
      filter: 'eq',
      width: 100,
    }),
    remark: preset.remark(),
  },
  titleField: 'name',
  list: {
    columns: ['code', 'name', 'mobile', 'store', 'position', 'hireDate', 'state'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  files: { module: 'masterData', importable: true },
});
