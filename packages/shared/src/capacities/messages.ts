import {
  CAPACITY_ATTRIBUTE_NAME_MAX,
  CAPACITY_ATTRIBUTE_VALUE_MAX,
  CAPACITY_CONTACT_NAME_MAX,
  CAPACITY_INFO_MAX,
  CAPACITY_PRODUCT_NAME_MAX,
  CAPACITY_TONS_MAX,
  MAX_CAPACITY_ATTRIBUTES,
  MAX_CAPACITY_IMAGES,
} from '../helpers/capacity';
import type { MessageCatalogue } from '../message-catalogue';

/** What capacities says to users (keys are semantic; see messages.ts). */
export const CAPACITIES_MESSAGES = {
  'capacity.categoryRequired': { 'zh-CN': '请选择品类', 'en-US': 'Please choose a category' },
  'capacity.categoryNotPhysical': {
    'zh-CN': '期货品种只看行情，请选择现货品类',
    'en-US': 'Futures are quotes only: please choose a physical product category',
  },
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
  'notice.capacityApproved': {
    'zh-CN': '您的产能信息“{name}”已通过审核',
    'en-US': 'Your capacity listing "{name}" passed review',
  },
  'notice.capacityRejected': {
    'zh-CN': '您的产能信息“{name}”未通过审核：{reason}',
    'en-US': 'Your capacity listing "{name}" did not pass review: {reason}',
  },
} as const satisfies MessageCatalogue;
