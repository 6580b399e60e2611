import { type Language, PASSWORD_MAX, PASSWORD_MIN, STOCK_BATCH_MAX } from './constants';
import {
  CAPACITY_ATTRIBUTE_NAME_MAX,
  CAPACITY_ATTRIBUTE_VALUE_MAX,
  CAPACITY_CONTACT_NAME_MAX,
  CAPACITY_INFO_MAX,
  CAPACITY_PRODUCT_NAME_MAX,
  CAPACITY_TONS_MAX,
  MAX_CAPACITY_ATTRIBUTES,
  MAX_CAPACITY_IMAGES,
} from './helpers/capacity';
import { TRANSPORT_MESSAGES } from './messages-transport';
import {
  CONTACT_GROUP_MEMBERS_MAX,
  CONTACT_GROUP_NAME_MAX,
  FRIEND_REMARK_MAX,
  FRIEND_REQUEST_MESSAGE_MAX,
} from './schemas/contacts';
import { FIVE_DAY_STOCK_DAYS, STOCK_SEARCH_RADIUS_MAX_KM } from './schemas/stock-search';

/**
 * User-facing messages shared by the server's `mesg` and the web app's form errors, so that one
 * rule reads the same everywhere. Keys are semantic; `{name}` placeholders are filled by `translate`.
 */
export const MESSAGES = {
  'common.invalidInput': {
    'zh-CN': '输入有误，请检查后重试',
    'en-US': 'Some input is invalid, please check and try again',
  },
  'common.required': { 'zh-CN': '此项为必填项', 'en-US': 'This field is required' },
  'common.notLoggedIn': { 'zh-CN': '请先登录', 'en-US': 'Please log in first' },
  'common.forbidden': { 'zh-CN': '无权进行此操作', 'en-US': 'You are not allowed to do this' },
  'common.notFound': { 'zh-CN': '内容不存在或已删除', 'en-US': 'Not found or already deleted' },
  'common.tooManyRequests': { 'zh-CN': '操作太频繁，请稍后再试', 'en-US': 'Too many requests, please try again later' },
  ...TRANSPORT_MESSAGES,
  'common.submitFailed': { 'zh-CN': '提交失败，请重试', 'en-US': 'Submission failed, please try again' },
  'common.pleaseEnterNumbers': { 'zh-CN': '请输入数字', 'en-US': 'Please enter numbers' },
  'common.onlyPositiveIntegers': { 'zh-CN': '只能输入正整数', 'en-US': 'Only positive integers' },
  'common.invalidJson': { 'zh-CN': '数据格式不正确', 'en-US': 'The data is not in the expected format' },
  'common.unstorableCharacters': {
    'zh-CN': '内容含有无法保存的字符，请删除后重试',
    'en-US': 'The text contains characters that cannot be stored, please remove them and try again',
  },
  'common.tooLong': { 'zh-CN': '内容过长', 'en-US': 'Too long' },

  'phone.invalid': { 'zh-CN': '请输入正确的手机号码', 'en-US': 'Please enter the correct phone number' },
  'phone.landlineInvalid': { 'zh-CN': '请输入正确的电话号码', 'en-US': 'Please enter a valid phone number' },
  'phone.alreadyRegistered': { 'zh-CN': '该手机号已注册', 'en-US': 'This phone number is already registered' },
  'phone.notRegistered': { 'zh-CN': '该手机号尚未注册', 'en-US': 'This phone number is not registered' },
  'account.invalid': {
    'zh-CN': '账号只能由字母和数字组成，最多18位',
    'en-US': 'The account may only contain letters and digits, at most 18',
  },
  'password.invalid': {
    'zh-CN': `密码为${PASSWORD_MIN}-${PASSWORD_MAX}位字母和数字组合`,
    'en-US': `The password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters of letters and digits`,
  },
  'password.oldWrong': { 'zh-CN': '原密码错误', 'en-US': 'The current password is wrong' },
  'password.tooManyWrongLoggedOut': {
    'zh-CN': '原密码错误次数过多，为保护账号已退出登录，请重新登录',
    'en-US':
      'The current password was wrong too many times: to protect the account you have been logged out, please log in again',
  },
  'password.changed': { 'zh-CN': '密码已修改，请妥善保管', 'en-US': 'Password changed' },
  'sms.sendFailed': {
    'zh-CN': '短信发送失败，请稍后再试',
    'en-US': 'The SMS could not be sent, please try again later',
  },
  'password.mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'Passwords do not match' },
  'terms.required': {
    'zh-CN': '请先阅读并同意用户协议和隐私政策',
    'en-US': 'Please read and agree to the user agreement and privacy policy first',
  },
  'code.invalid': { 'zh-CN': '请输入6位数字验证码', 'en-US': 'Please enter the 6-digit code' },
  'code.wrong': { 'zh-CN': '验证码错误或已过期', 'en-US': 'The code is wrong or has expired' },
  'code.tooSoon': {
    'zh-CN': '验证码发送太频繁，请{seconds}秒后再试',
    'en-US': 'Please wait {seconds} s before asking for another code',
  },
  'code.dailyCap': { 'zh-CN': '今日获取验证码次数已达上限', 'en-US': 'You have asked for too many codes today' },
  'code.sent': { 'zh-CN': '验证码已发送', 'en-US': 'Code sent' },
  'captcha.required': { 'zh-CN': '请输入图形验证码', 'en-US': 'Please enter the image captcha' },
  'captcha.wrong': { 'zh-CN': '图形验证码错误或已过期', 'en-US': 'The image captcha is wrong or has expired' },
  'login.failed': { 'zh-CN': '账号或密码错误', 'en-US': 'Wrong account or password' },
  'login.disabled': {
    'zh-CN': '该账号已停用，请联系客服',
    'en-US': 'This account is disabled, please contact customer service',
  },
  'profile.pleaseLogIn': { 'zh-CN': '请登录', 'en-US': 'Please log in' },
  'companyInfo.incomplete': {
    'zh-CN': '您的公司信息不完善，是否立即去完善？',
    'en-US': 'Your company info is incomplete, go complete it now?',
  },
  'company.nameInvalid': { 'zh-CN': '请输入有效的公司名称', 'en-US': 'Please enter a valid company name' },
  'company.nameTaken': {
    'zh-CN': '该公司名称已被注册，您可以联系持有人或更换名称',
    'en-US': 'This company name is taken: you may contact its holder or choose another',
  },
  'company.nameSet': {
    'zh-CN': '公司名称已设置，如需修改请提交名称变更',
    'en-US': 'The company name is set; to change it, request a name change',
  },
  'company.nameUnchanged': { 'zh-CN': '新名称与当前名称相同', 'en-US': 'The new name is the current name' },
  'company.nameNotSet': { 'zh-CN': '请先设置公司名称', 'en-US': 'Please set the company name first' },
  'company.nameChangePending': {
    'zh-CN': '公司名称变更审核中，请等待审核结果',
    'en-US': 'A company name change is under review; please wait for the result',
  },
  'company.holderContacted': {
    'zh-CN': '已通知该名称的持有人',
    'en-US': 'The holder of this name has been notified',
  },
  'company.holderContactedAlready': {
    'zh-CN': '今天已通知过该名称的持有人',
    'en-US': 'You have already notified the holder of this name today',
  },
  'company.ownerOnly': {
    'zh-CN': '仅公司主账号可以修改公司信息',
    'en-US': "Only the company's main account can change company info",
  },
  'company.duplicateCategories': { 'zh-CN': '请勿重复选择品类', 'en-US': 'Avoid duplicate categories.' },
  'company.tooManyProducts': { 'zh-CN': '最多选择30个品类', 'en-US': 'Choose at most 30 categories' },
  'company.unknownSort': { 'zh-CN': '所选品类不存在', 'en-US': 'A chosen category does not exist' },
  'company.businessModel': {
    'zh-CN': '请选择经营模式',
    'en-US': 'Please choose a business model',
  },
  'company.phoneInvalid': {
    'zh-CN': '请输入正确的电话号码',
    'en-US': 'Please enter a valid phone number',
  },
  'company.faxInvalid': {
    'zh-CN': '请输入正确的传真号码，如 0757-86001234',
    'en-US': 'Please enter a valid fax number such as 0757-86001234',
  },
  'company.tooManyPhones': { 'zh-CN': '最多填写5个业务电话', 'en-US': 'At most 5 business phones' },
  'company.tooManyFaxes': { 'zh-CN': '最多填写5个传真', 'en-US': 'At most 5 fax numbers' },
  'company.qqInvalid': { 'zh-CN': '请输入正确的QQ号', 'en-US': 'Please enter a valid QQ number' },
  'company.wechatInvalid': { 'zh-CN': '请输入正确的微信号', 'en-US': 'Please enter a valid WeChat ID' },
  'company.webUrlInvalid': {
    'zh-CN': '网址应以 http:// 或 https:// 开头',
    'en-US': 'The website must start with http:// or https://',
  },
  'company.regionInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'company.addressDetailRequired': { 'zh-CN': '请填写详细地址', 'en-US': 'Please enter the street address' },
  'company.coordinatesInvalid': {
    'zh-CN': '地图位置不正确，请重新选择',
    'en-US': 'The map position is not valid; please pick it again',
  },
  'company.linkNameRequired': { 'zh-CN': '请填写联系人', 'en-US': 'Please enter the contact person' },
  'review.reasonRequired': { 'zh-CN': '驳回时请填写原因', 'en-US': 'Please give a reason for the rejection' },
  'review.notPending': { 'zh-CN': '该申请已处理', 'en-US': 'This request has already been reviewed' },
  'notice.nameContact': {
    'zh-CN': '有用户希望使用公司名称「{name}」，请留意联系',
    'en-US': 'Another user would like to use the company name "{name}" and may contact you',
  },
  'notice.nameApproved': {
    'zh-CN': '公司名称变更已通过，新名称：{name}',
    'en-US': 'Your company name change was approved; the new name is {name}',
  },
  'notice.nameRejected': {
    'zh-CN': '公司名称变更未通过：{reason}',
    'en-US': 'Your company name change was rejected: {reason}',
  },
  'shop.licenceRequired': {
    'zh-CN': '请先上传营业执照并通过审核',
    'en-US': 'Your business licence must be uploaded and approved first',
  },
  'shop.listingsShort': {
    'zh-CN': '还需发布{shortfall}条现货或产能信息才能开店',
    'en-US': 'Publish {shortfall} more stock or capacity listings to open your shop',
  },
  'shop.alreadyWaiting': { 'zh-CN': '开店申请正在审核中', 'en-US': 'Your shop application is being reviewed' },
  'shop.alreadyOpen': { 'zh-CN': '店铺已开通', 'en-US': 'Your shop is already open' },
  'shop.ownerOnly': {
    'zh-CN': '仅公司主账号可以申请开店',
    'en-US': 'Only the company owner can apply to open the shop',
  },
  'shop.noCompany': {
    'zh-CN': '该公司不存在或尚未完善信息',
    'en-US': 'This company does not exist or has no details yet',
  },
  'attention.ownCompany': { 'zh-CN': '不能关注自己的公司', 'en-US': 'You cannot follow your own company' },
  'notice.shopApproved': {
    'zh-CN': '开店申请已通过，您的店铺已开通',
    'en-US': 'Your shop application was approved; your shop is open',
  },
  'notice.shopRejected': {
    'zh-CN': '开店申请未通过：{reason}',
    'en-US': 'Your shop application was not approved: {reason}',
  },
  'push.subscribeInvalid': {
    'zh-CN': '订阅格式应为 price-品种编号，多个以逗号分隔',
    'en-US': 'Subscriptions must be price-{sortId}, separated by commas',
  },
  'push.subscriptionInvalid': {
    'zh-CN': '推送订阅无效，请重新开启消息通知',
    'en-US': 'The push subscription is not valid; please turn notifications on again',
  },
  'push.chatTitle': { 'zh-CN': '新消息', 'en-US': 'New message' },
  'push.chatCollapsed': { 'zh-CN': '[{count}条] {text}', 'en-US': '[{count} messages] {text}' },
  'push.noticeTitle': { 'zh-CN': '通知', 'en-US': 'Notice' },
  'calendar.monthInvalid': { 'zh-CN': '月份格式应为 年-月，如 2026-11', 'en-US': 'The month must look like 2026-11' },
  'calendar.dateInvalid': {
    'zh-CN': '请输入正确的日期，如 2026-11-20',
    'en-US': 'Please enter a valid date such as 2026-11-20',
  },
  'markets.import.market': { 'zh-CN': '未知的市场', 'en-US': 'Unknown market' },
  'markets.import.sort': { 'zh-CN': '未知的品种', 'en-US': 'Unknown sort' },
  'markets.import.price': {
    'zh-CN': '价格应为正数，最多两位小数',
    'en-US': 'Prices must be positive numbers with at most two decimals',
  },
  'markets.import.range': { 'zh-CN': '最低价不能高于最高价', 'en-US': 'The low price cannot be above the high price' },
  'markets.import.notTradingDay': { 'zh-CN': '该日期不是交易日', 'en-US': 'This date is not a trading day' },
  'markets.import.duplicate': { 'zh-CN': '同一品种同一日期重复出现', 'en-US': 'The same series and date appear twice' },
  'markets.rate.invalid': {
    'zh-CN': '汇率应为 1 到 20 之间的数字，最多四位小数',
    'en-US': 'The rate must be a number from 1 to 20 with at most four decimals',
  },
  'markets.import.header': {
    'zh-CN': '表头应为 market,sort,date,low,high[,price]',
    'en-US': 'The header must be market,sort,date,low,high[,price]',
  },
  'markets.import.columns': { 'zh-CN': '列数与表头不一致', 'en-US': 'The number of columns does not match the header' },
  'markets.import.failed': {
    'zh-CN': '导入失败：{count}行有误，未导入任何数据',
    'en-US': 'Import refused: {count} bad lines, nothing was imported',
  },
  'markets.import.tooMany': { 'zh-CN': '一次最多导入{max}行', 'en-US': 'At most {max} rows per import' },
  'markets.group.name': { 'zh-CN': '分组名称为1-10个字', 'en-US': 'A group name is 1-10 characters' },
  'markets.group.nameTaken': { 'zh-CN': '分组名称已存在', 'en-US': 'Group name already exists' },
  'markets.group.sorts': { 'zh-CN': '请选择有效的品种', 'en-US': 'Please choose valid sorts' },
  'markets.group.tooManySorts': { 'zh-CN': '一个分组最多30个品种', 'en-US': 'At most 30 sorts in a group' },
  'markets.group.tooMany': { 'zh-CN': '最多创建10个分组', 'en-US': 'At most 10 groups' },
  'markets.group.defaultName': { 'zh-CN': '我的行情', 'en-US': 'My quotes' },
  'forecast.choice': { 'zh-CN': '请选择涨、跌或平', 'en-US': 'Please choose up, down or flat' },
  'forecast.closed': {
    'zh-CN': '当前不在预测时间内（每个交易日前一晚21:00至当日09:00）',
    'en-US': 'Forecasts are open from 21:00 the evening before a trading day until 09:00 that day',
  },
  'forecast.alreadyVoted': {
    'zh-CN': '本轮已预测，提交后不可修改',
    'en-US': 'You have already voted in this round; votes cannot be changed',
  },
  'forecast.vipRequired': {
    'zh-CN': '开通预测会员可查看进行中的多数预测统计',
    'en-US': 'Open statistics of a running round are for Forecast VIPs',
  },
  'forecast.shareTitle': {
    'zh-CN': '{sort}明日涨跌，你怎么看？',
    'en-US': 'Where will {sort} go next? Make your call',
  },
  'footprint.invalid': { 'zh-CN': '足迹数据格式不正确', 'en-US': 'The footprint data is not in the expected format' },
  'verification.realNameInvalid': { 'zh-CN': '请输入身份证上的姓名', 'en-US': 'Enter the name on your ID card' },
  'verification.idNumberInvalid': { 'zh-CN': '请输入正确的身份证号码', 'en-US': 'Enter a valid ID number' },
  'verification.limitReached': {
    'zh-CN': '认证失败，已达最大尝试次数',
    'en-US': 'Verification failed, maximum attempts reached',
  },
  'verification.alreadyVerified': { 'zh-CN': '您已实名认证', 'en-US': 'Already verified' },
  'verification.escalationPending': { 'zh-CN': '客服处理中', 'en-US': 'Customer service has your request' },
  'verification.cannotEscalate': { 'zh-CN': '无需联系客服', 'en-US': 'No help request is needed now' },
  'verification.required': { 'zh-CN': '请先实名认证', 'en-US': 'Verify your real name first' },
  'notice.verificationApproved': { 'zh-CN': '客服已为您实名认证', 'en-US': 'Customer service verified you' },
  'notice.verificationRejected': { 'zh-CN': '实名认证未通过：{reason}', 'en-US': 'Verification rejected: {reason}' },
  'notice.verificationRevoked': { 'zh-CN': '实名认证已被撤销', 'en-US': 'Your verification was withdrawn' },
  'upload.noFile': { 'zh-CN': '请选择要上传的文件', 'en-US': 'Please choose a file to upload' },
  'upload.kind': { 'zh-CN': '请说明上传文件的用途', 'en-US': 'Please say what the files are for' },
  'upload.tooLarge': {
    'zh-CN': '单个文件不能超过{max}MB',
    'en-US': 'Each file must be at most {max} MB',
  },
  'upload.tooMany': { 'zh-CN': '一次最多上传{max}个文件', 'en-US': 'At most {max} files at a time' },
  'upload.notImage': {
    'zh-CN': '仅支持 JPG、PNG、WebP 格式的图片',
    'en-US': 'Only JPG, PNG and WebP images are accepted',
  },
  'upload.unreadable': { 'zh-CN': '图片已损坏或无法识别', 'en-US': 'The image is damaged or cannot be read' },
  'upload.tooManyPixels': {
    'zh-CN': '图片尺寸过大，请缩小后再上传',
    'en-US': 'The picture is too large; please make it smaller and upload it again',
  },
  'upload.hourlyCap': {
    'zh-CN': '一小时内最多上传{max}个文件，请稍后再试',
    'en-US': 'At most {max} files per hour; please try again later',
  },
  'upload.notAudio': {
    'zh-CN': '仅支持 WebM、Ogg、MP4、AAC 格式的录音',
    'en-US': 'Only WebM, Ogg, MP4 and AAC recordings are accepted',
  },
  'upload.voiceTooLarge': { 'zh-CN': '录音不能超过{max}MB', 'en-US': 'A recording can be at most {max} MB' },
  'licence.required': { 'zh-CN': '请上传营业执照', 'en-US': 'Please upload the business licence' },
  'licence.fileInvalid': {
    'zh-CN': '营业执照图片已失效，请重新上传',
    'en-US': 'The licence picture is no longer available; please upload it again',
  },
  'licence.pending': {
    'zh-CN': '营业执照审核中，请等待审核结果',
    'en-US': 'A business licence is under review; please wait for the result',
  },
  'licence.reviewWithName': {
    'zh-CN': '该营业执照随公司名称变更一起审核',
    'en-US': 'This licence is reviewed with its company name change',
  },
  'licence.none': {
    'zh-CN': '该公司暂无审核通过的营业执照',
    'en-US': 'This company has no approved business licence',
  },
  'notice.licenceApproved': {
    'zh-CN': '营业执照审核已通过',
    'en-US': 'Your business licence was approved',
  },
  'notice.licenceRejected': {
    'zh-CN': '营业执照审核未通过：{reason}',
    'en-US': 'Your business licence was rejected: {reason}',
  },
  'album.nameInvalid': { 'zh-CN': '相册名称为1-20个字', 'en-US': 'An album name is 1-20 characters' },
  'album.nameTaken': { 'zh-CN': '相册名称已存在', 'en-US': 'An album with this name already exists' },
  'album.tooMany': { 'zh-CN': '最多创建{max}个相册', 'en-US': 'At most {max} albums' },
  'album.full': { 'zh-CN': '每个相册最多{max}张图片', 'en-US': 'At most {max} pictures per album' },
  'album.filesInvalid': {
    'zh-CN': '部分图片已失效，请重新上传',
    'en-US': 'Some pictures are no longer available; please upload them again',
  },
  'album.picturesInvalid': {
    'zh-CN': '请选择本相册中的图片',
    'en-US': 'Please choose pictures of this album',
  },
  'album.changed': {
    'zh-CN': '相册内容已变化，请刷新后重试',
    'en-US': 'The album has changed; please refresh and try again',
  },
  'capacity.categoryRequired': { 'zh-CN': '请选择品类', 'en-US': 'Please choose a category' },
  'capacity.categoryUnknown': { 'zh-CN': '所选品类不存在', 'en-US': 'The chosen category does not exist' },
  'capacity.productNameTooLong': {
    'zh-CN': `品名最多${CAPACITY_PRODUCT_NAME_MAX}个字`,
    'en-US': `The product name is at most ${CAPACITY_PRODUCT_NAME_MAX} characters`,
  },
  'capacity.minOrderRequired': { 'zh-CN': '请填写起订量', 'en-US': 'Please enter the minimum order' },
  'capacity.monthlyOutputRequired': { 'zh-CN': '请填写月产量', 'en-US': 'Please enter the monthly production' },
  'capacity.tonsInvalid': {
    'zh-CN': '请输入吨数，最多3位小数',
    'en-US': 'Please enter tons as a number with at most 3 decimals',
  },
  'capacity.tonsPositive': { 'zh-CN': '吨数须大于0', 'en-US': 'The tonnage must be more than 0' },
  'capacity.tonsTooLarge': {
    'zh-CN': `吨数不能超过${CAPACITY_TONS_MAX.toLocaleString('en-US')}吨`,
    'en-US': `The tonnage cannot be more than ${CAPACITY_TONS_MAX.toLocaleString('en-US')} tons`,
  },
  'capacity.tooManyAttributes': {
    'zh-CN': `最多添加${MAX_CAPACITY_ATTRIBUTES}项属性`,
    'en-US': `At most ${MAX_CAPACITY_ATTRIBUTES} attributes`,
  },
  'capacity.attributeNameInvalid': {
    'zh-CN': `属性名称为1-${CAPACITY_ATTRIBUTE_NAME_MAX}个字`,
    'en-US': `An attribute name is 1-${CAPACITY_ATTRIBUTE_NAME_MAX} characters`,
  },
  'capacity.attributeValueInvalid': {
    'zh-CN': `属性值为1-${CAPACITY_ATTRIBUTE_VALUE_MAX}个字`,
    'en-US': `An attribute value is 1-${CAPACITY_ATTRIBUTE_VALUE_MAX} characters`,
  },
  'capacity.attributeDuplicate': { 'zh-CN': '属性名称不能重复', 'en-US': 'Each attribute may be given once' },
  'capacity.infoTooLong': {
    'zh-CN': `补充说明最多${CAPACITY_INFO_MAX}个字`,
    'en-US': `Additional information is at most ${CAPACITY_INFO_MAX} characters`,
  },
  'capacity.tooManyImages': {
    'zh-CN': `最多上传${MAX_CAPACITY_IMAGES}张图片`,
    'en-US': `At most ${MAX_CAPACITY_IMAGES} images`,
  },
  'capacity.imagesInvalid': {
    'zh-CN': '部分图片已失效，请重新上传',
    'en-US': 'Some images are no longer available; please upload them again',
  },
  'capacity.contactNameRequired': { 'zh-CN': '请填写联系人', 'en-US': 'Please enter the contact person' },
  'capacity.contactNameTooLong': {
    'zh-CN': `联系人最多${CAPACITY_CONTACT_NAME_MAX}个字`,
    'en-US': `The contact person is at most ${CAPACITY_CONTACT_NAME_MAX} characters`,
  },
  'capacity.contactPhoneRequired': { 'zh-CN': '请填写联系电话', 'en-US': 'Please enter the contact phone' },
  'capacity.contactPhoneInvalid': {
    'zh-CN': '请输入正确的手机号码或固定电话',
    'en-US': 'Please enter a valid mobile or landline number',
  },
  'capacity.reviewNeedsLicence': {
    'zh-CN': '该公司营业执照尚未通过审核，其产能暂不能审核',
    'en-US': "The company's business licence is not approved yet, so its capacity cannot be reviewed",
  },
  'capacity.changedSinceListed': {
    'zh-CN': '该产能刚被公司修改，请刷新后重新审核',
    'en-US': 'The company has just changed this capacity; refresh and review it again',
  },
  'notice.capacityApproved': {
    'zh-CN': '您的产能信息“{name}”已通过审核',
    'en-US': 'Your capacity listing "{name}" passed review',
  },
  'notice.capacityRejected': {
    'zh-CN': '您的产能信息“{name}”未通过审核：{reason}',
    'en-US': 'Your capacity listing "{name}" did not pass review: {reason}',
  },
  'stock.categoryRequired': { 'zh-CN': '请先选择品类', 'en-US': 'Please select a category first' },
  'stock.quantityRequired': {
    'zh-CN': '请填写库存数量（吨，最多3位小数）',
    'en-US': 'Please enter the quantity (tons, at most 3 decimals)',
  },
  'stock.pieceWeightRequired': {
    'zh-CN': '请填写件重（吨，最多3位小数）',
    'en-US': 'Please enter the piece weight (tons, at most 3 decimals)',
  },
  'stock.weightInvalid': {
    'zh-CN': '重量为正数，单位吨，最多3位小数',
    'en-US': 'A weight is a positive number of tons with at most 3 decimals',
  },
  'stock.grossBelowNet': { 'zh-CN': '毛重不能小于库存数量', 'en-US': 'The gross weight cannot be below the quantity' },
  'stock.priceRequired': { 'zh-CN': '请填写价格', 'en-US': 'Please enter a price' },
  'stock.seriesRequired': {
    'zh-CN': '请选择跟随的行情',
    'en-US': 'Please choose the market quote the price follows',
  },
  'stock.processingFeeRequired': {
    'zh-CN': '请填写加工费（元/吨）',
    'en-US': 'Please enter the processing fee (yuan per ton)',
  },
  'stock.priceOutOfRange': { 'zh-CN': '价格超出范围', 'en-US': 'The price is out of range' },
  'stock.dateInvalid': { 'zh-CN': '日期格式不正确', 'en-US': 'The date is not valid' },
  'stock.tooManyImages': { 'zh-CN': '最多上传9张图片', 'en-US': 'At most 9 pictures' },
  'stock.seriesNotYuan': {
    'zh-CN': '请选择以人民币报价的行情',
    'en-US': 'Please choose a market quote in yuan',
  },
  'stock.imagesInvalid': {
    'zh-CN': '部分图片已失效，请重新上传',
    'en-US': 'Some pictures are no longer available; please upload them again',
  },
  'stock.regionInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'stock.refreshNotAllowed': {
    'zh-CN': '只有已上架或已过期的现货可以刷新',
    'en-US': 'Only stock that is for sale or expired can be refreshed',
  },
  'notice.stockApproved': {
    'zh-CN': '现货「{name}」审核已通过，已上架',
    'en-US': 'Your stock "{name}" was approved and is now for sale',
  },
  'notice.stockRejected': {
    'zh-CN': '现货「{name}」审核未通过：{reason}',
    'en-US': 'Your stock "{name}" was rejected: {reason}',
  },
  'notice.stockExpired': {
    'zh-CN': '您有{count}条现货超过{days}天未刷新，已过期下架，刷新后可重新上架',
    'en-US':
      '{count} of your stock listings were not refreshed for {days} days and have expired; refresh them to put them on sale again',
  },
  'manager.dateRange': {
    'zh-CN': '开始日期不能晚于结束日期',
    'en-US': 'The start date must come before the end date',
  },
  'manager.selectStock': { 'zh-CN': '请先选择库存', 'en-US': 'Please select stock first' },
  'manager.tooMany': {
    'zh-CN': `一次最多操作${STOCK_BATCH_MAX}条库存`,
    'en-US': `At most ${STOCK_BATCH_MAX} listings at a time`,
  },
  'manager.adjustZero': { 'zh-CN': '调整金额不能为0', 'en-US': 'The adjustment cannot be 0' },
  'manager.priceNotPositive': {
    'zh-CN': '调整后一口价须大于0，请减小降价金额',
    'en-US': 'A fixed price must stay above 0; please cut it by less',
  },
  'manager.cannotOnline': {
    'zh-CN': '只有上架过的已下架、已售罄、在途或已过期库存可以重新上架',
    'en-US':
      'Only listings that were on sale before and are now offline, sold out, on the way or expired can go back on sale',
  },
  'manager.cannotOffline': {
    'zh-CN': '只有在售、已售罄、在途或已过期的库存可以下架',
    'en-US': 'Only listings on sale, sold out, on the way or expired can go offline',
  },
  'manager.cannotSoldOut': {
    'zh-CN': '只有在售、已下架、在途或已过期的库存可以标为售罄',
    'en-US': 'Only listings on sale, offline, on the way or expired can be marked sold out',
  },
  'manager.cannotOnTheWay': {
    'zh-CN': '只有在售、已下架、已售罄或已过期的库存可以标为在途',
    'en-US': 'Only listings on sale, offline, sold out or expired can be marked on the way',
  },
  'manager.otherCategory': {
    'zh-CN': '所选库存不属于该品类，请重新选择',
    'en-US': 'Some selected listings are not of this category; please select again',
  },
  'manager.noneInCategory': {
    'zh-CN': '该品类下没有可修改的库存',
    'en-US': 'You have no listings of this category to change',
  },
  'visitor.membershipRequired': {
    'zh-CN': '访客详情为认证供应商专享，开通后可查看访客身份与浏览记录',
    'en-US': 'Visitor details are for certified suppliers: become one to see who visited and what they looked at',
  },
  'map.coordinatesInvalid': {
    'zh-CN': '位置坐标不正确，仅支持中国大陆范围内的位置',
    'en-US': 'The location is not valid; only places in mainland China are supported',
  },
  'map.keywordRequired': { 'zh-CN': '请输入要搜索的地点', 'en-US': 'Please enter a place to search for' },
  'map.failed': {
    'zh-CN': '地图服务调用失败（状态 {status}）：{description}',
    'en-US': 'The maps API failed (status {status}): {description}',
  },
  'map.failedStatus': {
    'zh-CN': '地图服务调用失败（状态 {status}）',
    'en-US': 'The maps API failed (status {status})',
  },
  'map.unreachable': {
    'zh-CN': '地图服务暂时无法连接，请稍后再试',
    'en-US': 'The maps API could not be reached; please try again later',
  },
  'map.noPlace': {
    'zh-CN': '未能识别该位置所在的地区',
    'en-US': 'No region was found for this location',
  },
  'nearby.radiusInvalid': {
    'zh-CN': '请选择 5、10、50 或 200 公里的范围',
    'en-US': 'Please choose a radius of 5, 10, 50 or 200 km',
  },
  'stockSearch.priceRangeInverted': {
    'zh-CN': '最低价不能高于最高价',
    'en-US': 'The lowest price cannot be above the highest price',
  },
  'stockSearch.pointInvalid': { 'zh-CN': '位置坐标不正确', 'en-US': 'The location is not valid' },
  'stockSearch.pointIncomplete': {
    'zh-CN': '位置需要同时提供经度和纬度',
    'en-US': 'A location needs both longitude and latitude',
  },
  'stockSearch.radiusInvalid': {
    'zh-CN': `搜索范围须大于0且不超过${STOCK_SEARCH_RADIUS_MAX_KM}公里`,
    'en-US': `The search radius must be above 0 and at most ${STOCK_SEARCH_RADIUS_MAX_KM} km`,
  },
  'stockSearch.radiusNeedsPoint': {
    'zh-CN': '按范围搜索需要先获取位置',
    'en-US': 'Searching within a radius needs your location',
  },
  'stockSearch.distanceNeedsPoint': {
    'zh-CN': '按距离排序需要先获取位置',
    'en-US': 'Ordering by distance needs your location',
  },
  'stockSearch.orderInvalid': { 'zh-CN': '排序方式不正确', 'en-US': 'Unknown order' },
  'stockSearch.fiveDayOutOfRange': {
    'zh-CN': `只能查看最近${FIVE_DAY_STOCK_DAYS}天发布的现货`,
    'en-US': `Only stock published in the last ${FIVE_DAY_STOCK_DAYS} days can be shown`,
  },
  'chat.infoInvalid': { 'zh-CN': '消息内容格式不正确', 'en-US': 'The message content is not valid' },
  'chat.frameInvalid': { 'zh-CN': '消息格式不正确', 'en-US': 'The message is not in the expected format' },
  'chat.notIdentified': { 'zh-CN': '聊天未连接，请重新登录', 'en-US': 'Chat is not connected, please log in again' },
  'chat.textEmpty': { 'zh-CN': '不能发送空白消息', 'en-US': 'An empty message cannot be sent' },
  'chat.textTooLong': { 'zh-CN': '消息不能超过2000字', 'en-US': 'A message can be at most 2000 characters' },
  'chat.locationInvalid': { 'zh-CN': '位置坐标不正确', 'en-US': 'The location is not valid' },
  'chat.typeInvalid': { 'zh-CN': '不支持的消息类型', 'en-US': 'This kind of message is not supported' },
  'chat.chatIdInvalid': { 'zh-CN': '会话与收信人不符', 'en-US': 'The conversation does not match the receiver' },
  'chat.receiverInvalid': { 'zh-CN': '收信人不存在', 'en-US': 'The receiver does not exist' },
  'chat.uuidInvalid': { 'zh-CN': '消息编号不正确', 'en-US': 'The message id is not valid' },
  'chat.peerInvalid': { 'zh-CN': '聊天对象不正确', 'en-US': 'The chat partner is not valid' },
  'chat.historyBothBounds': {
    'zh-CN': '不能同时按之前和之后查询',
    'en-US': 'Ask for messages before or after one message, not both',
  },
  'chat.blocked': {
    'zh-CN': '对方已将你加入黑名单，消息未发送',
    'en-US': 'You have been blacklisted; the message was not sent',
  },
  'chat.recallNotFound': { 'zh-CN': '只能撤回自己发送的消息', 'en-US': 'Only your own messages can be recalled' },
  'chat.recallExpired': {
    'zh-CN': '发送超过2分钟的消息不能撤回',
    'en-US': 'A message can be recalled only within 2 minutes',
  },
  'chat.summaryRecalled': { 'zh-CN': '撤回了一条消息', 'en-US': 'A message was recalled' },
  'chat.phonesAlreadyExchanged': { 'zh-CN': '你们已交换过电话', 'en-US': 'You have already exchanged phones' },
  'chat.noPhoneRequest': { 'zh-CN': '对方没有请求交换电话', 'en-US': 'There is no phone exchange request to answer' },
  'chat.phoneNotExchanged': {
    'zh-CN': '交换电话后才能查看对方电话',
    'en-US': 'Exchange phones first to see this number',
  },
  'chat.summaryImage': { 'zh-CN': '[图片]', 'en-US': '[image]' },
  'chat.summaryFile': { 'zh-CN': '[文件]', 'en-US': '[file]' },
  'chat.summaryVoice': { 'zh-CN': '[语音]', 'en-US': '[voice]' },
  'chat.summaryLocation': { 'zh-CN': '[位置]', 'en-US': '[location]' },
  'chat.summaryRedPacket': { 'zh-CN': '[红包]', 'en-US': '[red packet]' },
  'chat.summaryProduct': { 'zh-CN': '[商品链接]', 'en-US': '[product link]' },
  'chat.summaryNews': { 'zh-CN': '[资讯] {title}', 'en-US': '[news] {title}' },
  'chat.summaryAction': { 'zh-CN': '[通知]', 'en-US': '[notice]' },
  'chat.summaryPhoneRequest': { 'zh-CN': '[请求交换电话]', 'en-US': '[phone exchange request]' },
  'chat.summaryPhoneAccepted': { 'zh-CN': '[已交换电话]', 'en-US': '[phones exchanged]' },
  'chat.summaryPhoneRefused': { 'zh-CN': '[拒绝交换电话]', 'en-US': '[phone exchange declined]' },
  'chat.summaryTransferRequested': { 'zh-CN': '[请求转接会话]', 'en-US': '[conversation transfer request]' },
  'chat.summaryTransferAccepted': { 'zh-CN': '[已接收转接]', 'en-US': '[transfer accepted]' },
  'chat.summaryContactChanged': { 'zh-CN': '[联系人已更换]', 'en-US': '[contact changed]' },
  'chat.summaryNotInterested': { 'zh-CN': '[暂不感兴趣]', 'en-US': '[not interested]' },
  'chat.summaryProxyPicked': { 'zh-CN': '[代挑现货]', 'en-US': '[spot goods picked for you]' },
  'chat.summaryProxyOrder': { 'zh-CN': '[代填采购单]', 'en-US': '[purchase order filled for you]' },
  'chat.summaryQuoteAgreed': { 'zh-CN': '[买家已同意报价]', 'en-US': '[quote agreed]' },
  'chat.summaryPleaseQuote': { 'zh-CN': '[邀请报价]', 'en-US': '[invitation to quote]' },
  'chat.summaryStockQuote': { 'zh-CN': '[现货报价]', 'en-US': '[stock quote]' },
  'chat.summaryInquiryQuote': { 'zh-CN': '[询价报价]', 'en-US': '[inquiry quote]' },
  'chat.summaryEmoticon': { 'zh-CN': '[表情]', 'en-US': '[emoji]' },
  'chat.summaryFileNamed': { 'zh-CN': '[文件] {name}', 'en-US': '[file] {name}' },
  'chat.summaryLocationNamed': { 'zh-CN': '[位置] {address}', 'en-US': '[location] {address}' },
  'chat.summaryProductNamed': { 'zh-CN': '[商品链接] {title}', 'en-US': '[product link] {title}' },
  'chat.imageInvalid': {
    'zh-CN': '图片不存在，请重新上传',
    'en-US': 'The picture was not found; please upload it again',
  },
  'chat.fileInvalid': { 'zh-CN': '文件不存在，请重新上传', 'en-US': 'The file was not found; please upload it again' },
  'chat.voiceInvalid': {
    'zh-CN': '语音不存在，请重新录制',
    'en-US': 'The recording was not found; please record it again',
  },
  'chat.voiceDuration': { 'zh-CN': '语音时长须在1到60秒之间', 'en-US': 'A voice message must be 1 to 60 seconds long' },
  'chat.emoticonUnknown': { 'zh-CN': '不支持的表情', 'en-US': 'This emoticon is not available' },
  'chat.productTypeUnsupported': {
    'zh-CN': '暂不支持分享此类商品',
    'en-US': 'This kind of listing cannot be shared yet',
  },
  'chat.productNotFound': {
    'zh-CN': '商品不存在或已下架',
    'en-US': 'The listing does not exist or is no longer available',
  },
  'contacts.userInvalid': { 'zh-CN': '用户不正确', 'en-US': 'The user is not valid' },
  'contacts.keywordRequired': { 'zh-CN': '请输入手机号或账号', 'en-US': 'Please enter a phone number or an account' },
  'contacts.userNotFound': { 'zh-CN': '没有找到该用户', 'en-US': 'No user was found' },
  'contacts.messageTooLong': {
    'zh-CN': `验证消息不能超过${FRIEND_REQUEST_MESSAGE_MAX}字`,
    'en-US': `The message can be at most ${FRIEND_REQUEST_MESSAGE_MAX} characters`,
  },
  'contacts.remarkTooLong': {
    'zh-CN': `备注不能超过${FRIEND_REMARK_MAX}字`,
    'en-US': `The remark can be at most ${FRIEND_REMARK_MAX} characters`,
  },
  'contacts.requestSelf': { 'zh-CN': '不能添加自己为好友', 'en-US': 'You cannot add yourself as a friend' },
  'contacts.requestBlocked': {
    'zh-CN': '你们之间有黑名单关系，无法添加好友',
    'en-US': 'One of you has blacklisted the other; you cannot become friends',
  },
  'contacts.alreadyFriends': { 'zh-CN': '你们已经是好友了', 'en-US': 'You are already friends' },
  'contacts.requestPending': {
    'zh-CN': '已发送过好友申请，请等待对方验证',
    'en-US': 'You have already sent a request; please wait for the answer',
  },
  'contacts.requestNotFound': {
    'zh-CN': '好友申请不存在或已处理',
    'en-US': 'The friend request does not exist or has been answered',
  },
  'contacts.notFriend': { 'zh-CN': '对方不是你的好友', 'en-US': 'This user is not your friend' },
  'contacts.groupNameRequired': { 'zh-CN': '请输入分组名称', 'en-US': 'Please enter a group name' },
  'contacts.groupNameTooLong': {
    'zh-CN': `分组名称不能超过${CONTACT_GROUP_NAME_MAX}字`,
    'en-US': `The group name can be at most ${CONTACT_GROUP_NAME_MAX} characters`,
  },
  'contacts.groupNameTaken': { 'zh-CN': '分组名称已存在', 'en-US': 'Group name already exists' },
  'contacts.groupTooLarge': {
    'zh-CN': `一个分组最多${CONTACT_GROUP_MEMBERS_MAX}人`,
    'en-US': `A group can have at most ${CONTACT_GROUP_MEMBERS_MAX} members`,
  },
  'contacts.memberNotFriend': {
    'zh-CN': '分组成员只能是你的好友',
    'en-US': 'Only your friends can be members of a group',
  },
  'contacts.groupNotFound': { 'zh-CN': '分组不存在或已删除', 'en-US': 'The group does not exist or was deleted' },
  'notice.friendAccepted': {
    'zh-CN': '{name} 通过了你的好友申请，你们已成为好友',
    'en-US': '{name} accepted your friend request; you are now friends',
  },
  'chat.actionServerOnly': {
    'zh-CN': '该通知只能由系统发送',
    'en-US': 'Only the system can send this notice',
  },
  'chat.actionInfoInvalid': { 'zh-CN': '操作内容不正确', 'en-US': 'The action details are not valid' },
  'chat.notColleague': {
    'zh-CN': '只能转给本公司的同事',
    'en-US': 'A conversation can only be handed to a colleague of your company',
  },
  'chat.peerIsColleague': {
    'zh-CN': '同事之间的会话不能转接',
    'en-US': 'A conversation with a colleague cannot be handed over',
  },
  'chat.noConversation': {
    'zh-CN': '你们之间还没有会话',
    'en-US': 'There is no conversation between you yet',
  },
  'chat.notCurrentContact': {
    'zh-CN': '你已不是对方的联系人',
    'en-US': 'You no longer serve this user',
  },
  'chat.transferPending': {
    'zh-CN': '该会话已在等待同事接收',
    'en-US': 'This conversation is already waiting for a colleague to accept it',
  },
  'chat.noTransferRequest': {
    'zh-CN': '没有待接收的转接请求',
    'en-US': 'There is no transfer request to accept',
  },
  'chat.switchNotAllowed': {
    'zh-CN': '只有公司负责人或当前联系人可以切换联系人',
    'en-US': 'Only the company owner or the current contact can switch the contact',
  },
  'chat.alreadyContact': {
    'zh-CN': '该同事已是对方的联系人',
    'en-US': 'This colleague already serves this user',
  },
  'chat.alreadyNotInterested': {
    'zh-CN': '已标记为不感兴趣',
    'en-US': 'Already marked as not interested',
  },
  // Inquiries (issue 7)
  'inquiry.categoryRequired': { 'zh-CN': '请先选择品类', 'en-US': 'Please select a category first' },
  'inquiry.specsRequired': { 'zh-CN': '请至少填写一个采购产品', 'en-US': 'Please add at least one product' },
  'inquiry.tooManySpecs': { 'zh-CN': '最多添加10个规格', 'en-US': 'At most 10 specifications' },
  'inquiry.quantityRequired': {
    'zh-CN': '请填写每个产品的采购数量（吨，最多3位小数）',
    'en-US': 'Please enter the purchase quantity of each product (tons, at most 3 decimals)',
  },
  'inquiry.paymentInvalid': { 'zh-CN': '请选择付款方式', 'en-US': 'Please choose a payment method' },
  'inquiry.creditDaysRequired': { 'zh-CN': '请填写账期天数', 'en-US': 'Please enter the credit days' },
  'inquiry.deadlineRequired': { 'zh-CN': '请选择报价截止时间', 'en-US': 'Please choose the quote deadline' },
  'inquiry.deadlineInvalid': {
    'zh-CN': '报价截止时间须在现在之后90天以内',
    'en-US': 'The quote deadline must be in the future and within 90 days',
  },
  'inquiry.deliveryDateInvalid': {
    'zh-CN': '期望交货日期不能早于报价截止日期',
    'en-US': 'The delivery date cannot be before the quote deadline',
  },
  'inquiry.addressRequired': { 'zh-CN': '请填写收货地址', 'en-US': 'Please enter the delivery address' },
  'inquiry.regionInvalid': {
    'zh-CN': '请选择正确的省、市、区',
    'en-US': 'Please choose a valid province, city and district',
  },
  'inquiry.visibilityInvalid': { 'zh-CN': '请选择询价范围', 'en-US': 'Please choose who may quote' },
  'inquiry.designatedRequired': {
    'zh-CN': '请至少选择一家指定供应商',
    'en-US': 'Please choose at least one designated supplier',
  },
  'inquiry.designatedInvalid': {
    'zh-CN': '指定的供应商须是已开店的其他公司',
    'en-US': 'Designated suppliers must be other companies with an open shop',
  },
  'inquiry.tooManyDesignated': { 'zh-CN': '最多指定20家供应商', 'en-US': 'At most 20 designated suppliers' },
  'inquiry.tooManyAttachments': { 'zh-CN': '附件最多9个', 'en-US': 'At most 9 attachments' },
  'inquiry.attachmentsInvalid': {
    'zh-CN': '附件须是本公司上传的文件',
    'en-US': 'Attachments must be files your company uploaded',
  },
  'inquiry.notEditable': {
    'zh-CN': '询价已发布，不能再修改',
    'en-US': 'This inquiry is already published and can no longer be changed',
  },
  'inquiry.notOpen': { 'zh-CN': '询价已结束', 'en-US': 'This inquiry has ended' },
  'inquiry.colleagueHolds': {
    'zh-CN': '该询价已由同事接单，请勿重复处理',
    'en-US': 'A colleague is already handling this inquiry',
  },
  'inquiry.withdrawFirst': {
    'zh-CN': '您的报价仍有效，请先撤回报价',
    'en-US': 'Your quote is still live: withdraw it first',
  },
  'notice.inquiryApproved': {
    'zh-CN': '询价「{name}」审核已通过，供应商可以报价了',
    'en-US': 'Your inquiry "{name}" was approved; suppliers can now quote',
  },
  'notice.inquiryRejected': {
    'zh-CN': '询价「{name}」审核未通过：{reason}',
    'en-US': 'Your inquiry "{name}" was rejected: {reason}',
  },
  'notice.inquiryDesignated': {
    'zh-CN': '{company}邀请您为「{name}」报价',
    'en-US': '{company} invites you to quote for "{name}"',
  },
  'quote.priceRequired': { 'zh-CN': '请填写单价', 'en-US': 'Please enter the price' },
  'quote.itemsRequired': { 'zh-CN': '请至少为一个产品报价', 'en-US': 'Please quote for at least one product' },
  'quote.itemsInvalid': {
    'zh-CN': '报价的产品须是该询价的产品，且每个只报一次',
    'en-US': "Quote each of the inquiry's products at most once",
  },
  'quote.deliveryDateRequired': { 'zh-CN': '请选择交货日期', 'en-US': 'Please choose the delivery date' },
  'quote.licenceRequired': {
    'zh-CN': '报价前请先上传营业执照并通过审核',
    'en-US': 'Please upload your business licence and have it approved before quoting',
  },
  'quote.ownInquiry': { 'zh-CN': '不能为本公司的询价报价', 'en-US': "You cannot quote on your own company's inquiry" },
  'quote.notDesignated': {
    'zh-CN': '该询价仅限指定供应商报价',
    'en-US': 'Only the designated suppliers may quote on this inquiry',
  },
  'quote.inquiryEnded': { 'zh-CN': '询价已截止或已结束，不能再报价', 'en-US': 'This inquiry has closed for quotes' },
  'quote.notLive': { 'zh-CN': '该报价已失效', 'en-US': 'This quote is no longer current' },
  'notice.inquiryQuoted': {
    'zh-CN': '{company}对您的询价「{name}」报价了',
    'en-US': '{company} quoted on your inquiry "{name}"',
  },
  'notice.quoteAgreed': {
    'zh-CN': '买家采纳了您对「{name}」的报价',
    'en-US': 'The buyer agreed to your quote for "{name}"',
  },
  'notice.quoteLost': {
    'zh-CN': '询价「{name}」的买家已与其他供应商合作',
    'en-US': 'The buyer of "{name}" cooperated with another supplier',
  },
  'notice.inquiryExpired': {
    'zh-CN': '询价「{name}」已到报价截止时间',
    'en-US': 'Quoting for your inquiry "{name}" has closed',
  },
  'checkPrice.itemsRequired': {
    'zh-CN': '请至少填写一条规格和价格',
    'en-US': 'Enter at least one specification with its price',
  },
  'checkPrice.tooManyItems': { 'zh-CN': '每次最多提交7条', 'en-US': 'At most 7 entries per submission' },
  'checkPrice.specificationRequired': { 'zh-CN': '请填写规格', 'en-US': 'Please enter the specification' },
  'checkPrice.specificationChinese': {
    'zh-CN': '规格不能包含中文',
    'en-US': 'The specification must not contain Chinese characters',
  },
  'checkPrice.baseRequired': { 'zh-CN': '请选择基准价', 'en-US': 'Please choose a base price' },
  'checkPrice.baseInvalid': {
    'zh-CN': '第{index}条的基准价不可用',
    'en-US': 'The base price of entry {index} is not available',
  },
  'quickBuy.empty': { 'zh-CN': '不能添加空信息！', 'en-US': 'Cannot add empty information!' },
  'quickBuy.categoryRequired': { 'zh-CN': '请先选择品类', 'en-US': 'Please select a category first' },
  'quickBuy.duplicate': { 'zh-CN': '该规格已订阅！', 'en-US': 'This specification has already been subscribed!' },
  'quickBuy.tooMany': {
    'zh-CN': '最多订阅{max}条，请先删除不需要的订阅',
    'en-US': 'You can hold at most {max} subscriptions; delete one you no longer need first',
  },
  'quickBuy.categoryInvalid': { 'zh-CN': '该品类不存在', 'en-US': 'This category does not exist' },
  'quickBuy.provinceInvalid': { 'zh-CN': '请选择正确的省份', 'en-US': 'Please choose a valid province' },
  'notice.quickBuyStock': {
    'zh-CN': '您订阅的「{subscription}」有新现货：{name}，{company}',
    'en-US': 'New stock for your subscription "{subscription}": {name}, {company}',
  },
  'notice.quickBuyInquiry': {
    'zh-CN': '您订阅的「{subscription}」有新询价：{name}，{company}',
    'en-US': 'New inquiry for your subscription "{subscription}": {name}, {company}',
  },
  'agentBuy.kindInvalid': { 'zh-CN': '请选择帮我买或帮我卖', 'en-US': 'Please choose help me buy or help me sell' },
  'agentBuy.contentRequired': {
    'zh-CN': '请用文字、语音或图片说明您的需求',
    'en-US': 'Please describe what you need in words, a voice message or photos',
  },
  'agentBuy.textTooLong': { 'zh-CN': '文字最多500字', 'en-US': 'At most 500 characters of text' },
  'agentBuy.voiceInvalid': {
    'zh-CN': '语音无效，请重新录制',
    'en-US': 'The voice message is invalid, please record it again',
  },
  'agentBuy.voiceTooLong': { 'zh-CN': '语音最长60秒', 'en-US': 'A voice message is at most 60 seconds' },
  'agentBuy.photosInvalid': {
    'zh-CN': '图片无效，请重新上传',
    'en-US': 'A photo is invalid, please upload it again',
  },
  'agentBuy.tooManyPhotos': { 'zh-CN': '最多上传9张图片', 'en-US': 'At most 9 photos' },
  'agentBuy.categoryInvalid': { 'zh-CN': '请选择有效的品类', 'en-US': 'Please choose a valid category' },
  'agentBuy.notOpen': { 'zh-CN': '该需求已结束', 'en-US': 'This request has ended' },
  'agentQuote.ownRequest': { 'zh-CN': '不能为自己的需求报价', 'en-US': 'You cannot quote on your own request' },
  'agentQuote.ended': { 'zh-CN': '该需求已结束，不能再报价', 'en-US': 'This request no longer takes quotes' },
  'agentQuote.infoRequired': { 'zh-CN': '请填写报价信息', 'en-US': 'Please enter your quote' },
  'agentQuote.companyRequired': { 'zh-CN': '请填写公司名称', 'en-US': 'Please enter the company name' },
  'agentQuote.contactRequired': { 'zh-CN': '请填写联系人', 'en-US': 'Please enter the contact name' },
  'notice.agentBuyApproved': {
    'zh-CN': '您的代理需求「{name}」已通过审核，开始接受代理报价',
    'en-US': 'Your agent request "{name}" was approved and now takes agents\' quotes',
  },
  'notice.agentBuyRejected': {
    'zh-CN': '您的代理需求「{name}」未通过审核：{reason}',
    'en-US': 'Your agent request "{name}" was not approved: {reason}',
  },
  'notice.agentBuyQuoted': {
    'zh-CN': '{company}为您的代理需求「{name}」报价了',
    'en-US': '{company} quoted on your agent request "{name}"',
  },
  'notice.agentBuyExpired': {
    'zh-CN': '您的代理需求「{name}」已到期，不再接受报价',
    'en-US': 'Your agent request "{name}" has expired and takes no more quotes',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

export function translate(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const entry = isMessageKey(key) ? MESSAGES[key] : MESSAGES['common.invalidInput'];
  return entry[lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
