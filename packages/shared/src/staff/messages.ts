import type { MessageCatalogue } from '../message-catalogue';

/** What staff says to users (keys are semantic; see messages.ts). */
export const STAFF_MESSAGES = {
  'noPermission.stock': {
    'zh-CN': '您没有“发布和管理现货、产能”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you post and edit stock and capacity: ask your company’s administrator',
  },
  'noPermission.inquiry': {
    'zh-CN': '您没有“发布和管理询价、代理采购、快速求购”的权限，请联系公司管理员',
    'en-US':
      'Your role does not let you post and edit inquiries, agent purchases and quick buys: ask your company’s administrator',
  },
  'noPermission.quote': {
    'zh-CN': '您没有“对询价报价”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you quote on inquiries: ask your company’s administrator',
  },
  'noPermission.take_orders': {
    'zh-CN': '您没有“抢单和接单”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you grab and take inquiries: ask your company’s administrator',
  },
  'noPermission.dispatch': {
    'zh-CN': '您没有“派单和管理派单组”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you dispatch inquiries and edit dispatch groups: ask your company’s administrator',
  },
  'noPermission.shop': {
    'zh-CN': '您没有“店铺装修和相册”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you decorate the shop and edit its albums: ask your company’s administrator',
  },
  'noPermission.company': {
    'zh-CN': '您没有“公司信息与认证”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you edit company information and verification: ask your company’s administrator',
  },
  'noPermission.staff': {
    'zh-CN': '您没有“员工和角色管理”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you manage employees and roles: ask your company’s administrator',
  },
  'noPermission.membership': {
    'zh-CN': '您没有“购买会员与服务”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you buy memberships and services: ask your company’s administrator',
  },
  'noPermission.visitors': {
    'zh-CN': '您没有“查看访客”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you see shop visitors: ask your company’s administrator',
  },
  'noPermission.orders': {
    'zh-CN': '您没有“订单与支付”的权限，请联系公司管理员',
    'en-US': 'Your role does not let you handle orders and payments: ask your company’s administrator',
  },
  'staff.nameRequired': { 'zh-CN': '请输入员工姓名', 'en-US': 'Enter the employee’s name' },
  'staff.qqInvalid': { 'zh-CN': 'QQ号为5至12位数字', 'en-US': 'A QQ number is 5 to 12 digits' },
  'staff.phoneOtherCompany': {
    'zh-CN': '该手机号已注册为其他公司的用户，不能添加为员工',
    'en-US': 'This phone number is already registered to another company’s user and cannot be added as an employee',
  },
  'staff.phoneAlreadyStaff': {
    'zh-CN': '该手机号已是本公司的员工',
    'en-US': 'This phone number already belongs to one of your employees',
  },
  'staff.notFound': { 'zh-CN': '找不到该员工', 'en-US': 'Employee not found' },
  'staff.ownerUntouchable': {
    'zh-CN': '不能停用、删除或修改公司所有者',
    'en-US': 'The company’s owner cannot be disabled, removed or edited here',
  },
  'staff.ownerOnlyAuthorized': {
    'zh-CN': '只有公司所有者可以设置、停用或删除授权员工',
    'en-US': 'Only the company’s owner can make, disable or remove an authorized employee',
  },
  'staff.notYourself': {
    'zh-CN': '不能停用或删除自己的账号',
    'en-US': 'You cannot disable or remove your own account',
  },
  'staff.handoverInvalid': {
    'zh-CN': '交接人须为本公司其他在职员工或所有者',
    'en-US': 'Hand over to another active person of your company',
  },
  'staff.disabledLogin': {
    'zh-CN': '您的员工账号已被公司停用，请联系公司管理员',
    'en-US': 'Your company has disabled your employee account; ask its administrator',
  },
  'role.nameRequired': { 'zh-CN': '请输入角色名称', 'en-US': 'Enter the role’s name' },
  'role.nameTaken': { 'zh-CN': '已有同名角色', 'en-US': 'A role with this name already exists' },
  'role.permissionsRequired': {
    'zh-CN': '请至少选择一项权限',
    'en-US': 'Choose at least one permission',
  },
  'role.notFound': { 'zh-CN': '找不到该角色', 'en-US': 'Role not found' },
  'role.inUse': {
    'zh-CN': '有{count}名员工拥有该角色，请先为他们取消该角色再删除',
    'en-US': '{count} employee(s) hold this role: take it off them before deleting it',
  },
  'role.tooMany': { 'zh-CN': '角色数量已达上限', 'en-US': 'Your company has the most roles allowed' },
  'permission.stock': { 'zh-CN': '发布和管理现货、产能', 'en-US': 'Post and edit stock and capacity' },
  'permission.inquiry': {
    'zh-CN': '发布和管理询价、代理采购、快速求购',
    'en-US': 'Post and edit inquiries, agent purchases and quick buys',
  },
  'permission.quote': { 'zh-CN': '对询价报价', 'en-US': 'Quote on inquiries' },
  'permission.take_orders': { 'zh-CN': '抢单和接单', 'en-US': 'Grab and take inquiries' },
  'permission.dispatch': { 'zh-CN': '派单和管理派单组', 'en-US': 'Dispatch inquiries and edit dispatch groups' },
  'permission.shop': { 'zh-CN': '店铺装修和相册', 'en-US': 'The shop and its albums' },
  'permission.company': { 'zh-CN': '公司信息与认证', 'en-US': 'Company information and verification' },
  'permission.staff': { 'zh-CN': '员工和角色管理', 'en-US': 'Employees and roles' },
  'permission.membership': { 'zh-CN': '购买会员与服务', 'en-US': 'Buy memberships and services' },
  'permission.visitors': { 'zh-CN': '查看访客', 'en-US': 'See shop visitors' },
  'permission.orders': { 'zh-CN': '订单与支付', 'en-US': 'Orders and payments' },
} as const satisfies MessageCatalogue;
