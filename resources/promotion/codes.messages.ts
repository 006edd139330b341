import { defineMessages } from '../messages/bilingual';

/** Messages of coupon code export (server/modules/activities/codes) and of its detail's tab. */
export const codesMessages = defineMessages({
  'codes.notFound': ['券码 {code} 不存在', 'The code {code} does not exist'],
  'codes.alreadyBound': ['券码 {code} 已绑定，不能再次绑定', 'The code {code} is bound already and cannot be bound again'],
  'codes.notRunning': ['导出券码发券活动“{name}”当前不在进行中', 'The coupon code export campaign "{name}" is not running now'],
  'codes.outOfScope': [
    '该会员不在导出券码发券活动“{name}”的适用范围内',
    'The member is outside the scope of the coupon code export campaign "{name}"',
  ],
  'codes.budgetSpent': ['导出券码发券活动“{name}”的预算已用完', 'The coupon code export campaign "{name}" has nothing left to give'],
  'codes.memberLimit': [
    '该会员在导出券码发券活动“{name}”的绑定次数已达上限',
    'The member has reached the limit of the coupon code export campaign "{name}"',
  ],
  'codes.dailyLimit': [
    '该会员今天在导出券码发券活动“{name}”的绑定次数已达上限',
    'The member has reached today\'s limit of the coupon code export campaign "{name}"',
  ],
  'codes.alreadyGiven': ['券码已兑换过', 'The code has been exchanged already'],
  'codes.exhausted': [
    '{length} 位的券码不够生成所需数量，请加长券码',
    'Codes of {length} characters cannot be drawn in the count asked for: make them longer',
  ],
  'codes.tab': ['券码', 'Codes'],
  'codes.import.format': ['券码 {code} 只能包含字母和数字', 'The code {code} may hold only letters and digits'],
  'codes.import.duplicateInFile': ['券码 {code} 与第 {first} 行重复', 'The code {code} repeats row {first}'],
  'codes.import.held': ['券码 {code} 已属于活动“{name}”', 'The code {code} belongs to the campaign "{name}" already'],
  'codes.import.couponNumber': ['券码 {code} 与一张已发放的券的券号相同', 'The code {code} is the number of a coupon issued already'],
  'codes.import.issuer': ['发行方必须为 1 到 {max} 个字符', 'The issuer must have 1 to {max} characters'],
  'codes.import.price': [
    '结算价必须是 0 到 1000000 之间的金额，最多两位小数',
    'The settlement price must be an amount from 0 to 1000000 with at most 2 decimals',
  ],
  'codes.import.notCodeCampaign': ['活动“{name}”不是导出券码发券活动', '"{name}" is not a coupon code export campaign'],
  'codes.import.notThirdCoupon': [
    '活动“{name}”不是第三方发券或导出券码发券活动',
    '"{name}" is neither a third-party issuing nor a coupon code export campaign',
  ],
  'codes.import.ended': ['活动“{name}”已结束，不能再导入券码', 'The campaign "{name}" has ended: no more codes can be imported'],
  'codes.import.noCampaign': ['活动 {id} 不存在', 'There is no campaign {id}'],
  'codes.import.button': ['导入合作方券码', "Import partner's codes"],
  'codes.import.title': ['导入合作方券码', "Import a partner's codes"],
  'codes.import.hint': [
    '上传 .xlsx 文件：第一行为表头，“券码”列每行一个券码（字母和数字，1 到 32 位）。有任何一行有误时不导入任何券码，并生成错误报告。',
    'Upload an .xlsx file: the first row is the header, and the "Code" column holds one code per row (letters and digits, 1 to 32). If any row is wrong, no code is imported and an error report is made.',
  ],
  'codes.import.issuerLabel': ['发行方', 'Issuer'],
  'codes.import.priceLabel': ['结算价(元/张)', 'Settlement price (yuan per code)'],
  'codes.import.chooseFile': ['选择文件并导入', 'Choose the file and import'],
  'res.coupon-code-batch': ['合作方券码导入', "Partner's codes import"],
  'codes.batchesTab': ['合作方批次', 'Partner batches'],
  'codes.reconcile.tab': ['核销对账', 'Redemption reconciliation'],
  'codes.reconcile.button': ['上传合作方对账单', "Upload the partner's statement"],
  'codes.reconcile.title': ['上传合作方核销对账单', "Upload the partner's statement of redemptions"],
  'codes.reconcile.hint': [
    '上传 .xlsx 文件：第一行为表头，列为“券码”、“核销时间”（yyyy-MM-dd HH:mm:ss），可选“门店”（门店编码或名称）和“结算金额(元)”。核销时间相差超过 5 分钟视为不一致。有任何一行有误时不对账，并生成错误报告。',
    'Upload an .xlsx file: the first row is the header; the columns are "Code" and "Redeemed at" (yyyy-MM-dd HH:mm:ss), and optionally "Store" (its code or name) and "Settlement amount (yuan)". Times more than 5 minutes apart differ. If any row is wrong, nothing is compared and an error report is made.',
  ],
  'codes.reconcile.done': ['对账完成，共 {count} 个券码', 'Compared: {count} codes'],
});
