import { z } from 'zod';
import { isLandline, isMobile } from '../helpers/phone';
import { intId, jsonText } from '../schemas/common';

/** What buyers contact a company for (SPEC §2 link_way): each names one person and one channel. */
export const LINK_WAY_PURPOSES = ['sales', 'purchasing', 'afterSales'] as const;
export type LinkWayPurpose = (typeof LINK_WAY_PURPOSES)[number];

/** How to reach that person: their mobile, a landline, the app's chat, QQ or WeChat. */
export const LINK_WAY_CHANNELS = ['phone', 'landline', 'chat', 'qq', 'wechat'] as const;
export type LinkWayChannel = (typeof LINK_WAY_CHANNELS)[number];

/** QQ numbers: 5 to 12 digits, not starting with 0. */
export const QQ_PATTERN = /^[1-9]\d{4,11}$/;
/** WeChat ids: 6 to 20 letters, digits, `_` or `-`, starting with a letter. */
export const WECHAT_PATTERN = /^[A-Za-z][\w-]{5,19}$/;

/** The message for a value that does not fit its channel, or undefined when it fits. */
export function linkWayValueError(channel: LinkWayChannel, value: string) {
  switch (channel) {
    case 'phone':
      return isMobile(value) ? undefined : 'phone.invalid';
    case 'landline':
      return isLandline(value) ? undefined : 'phone.landlineInvalid';
    case 'qq':
      return QQ_PATTERN.test(value) ? undefined : 'linkWay.qqInvalid';
    case 'wechat':
      return WECHAT_PATTERN.test(value) ? undefined : 'linkWay.wechatInvalid';
    case 'chat':
      return undefined;
  }
}

export const ZLinkWay = z.object({
  purpose: z.enum(LINK_WAY_PURPOSES),
  userId: z.number(),
  /** The person's name as the company shows it (their nickname). */
  name: z.string(),
  channel: z.enum(LINK_WAY_CHANNELS),
  /** The number or id; '' for chat. */
  value: z.string(),
});
export type TLinkWay = z.infer<typeof ZLinkWay>;

/** `company/link_way/detail`: the company's contact ways, and its people to choose from. */
export const ZLinkWayDetail = z.object({
  ways: z.array(ZLinkWay),
  people: z.array(z.object({ userId: z.number(), name: z.string(), phone: z.string(), isOwner: z.boolean() })),
});
export type TLinkWayDetail = z.infer<typeof ZLinkWayDetail>;

const ZLinkWayInput = z
  .object({
    purpose: z.enum(LINK_WAY_PURPOSES, { error: 'common.invalidInput' }),
    userId: intId('linkWay.personRequired'),
    channel: z.enum(LINK_WAY_CHANNELS, { error: 'linkWay.channelRequired' }),
    value: z.string({ error: 'common.invalidInput' }).trim().max(30, { error: 'common.tooLong' }).default(''),
  })
  .superRefine((way, ctx) => {
    const error = linkWayValueError(way.channel, way.value);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['value'] });
  })
  .transform((way) => ({ ...way, value: way.channel === 'chat' ? '' : way.value }));

/** `company/link_way/save`: the whole set (JSON text in a form), at most one way per purpose. */
export const ZLinkWaySaveRequest = z.object({
  ways: jsonText(
    z
      .array(ZLinkWayInput, { error: 'common.invalidInput' })
      .max(LINK_WAY_PURPOSES.length, { error: 'common.invalidInput' })
      .refine((ways) => new Set(ways.map((way) => way.purpose)).size === ways.length, {
        error: 'linkWay.purposeTwice',
      }),
  ),
});
export type TLinkWaySaveRequest = z.input<typeof ZLinkWaySaveRequest>;

/** `company/team` (team_page): a company's people as buyers see them. */
export const ZTeamRequest = z.object({ rootId: intId('common.invalidInput') });
export type TTeamRequest = z.input<typeof ZTeamRequest>;

export const ZTeamMember = z.object({
  userId: z.number(),
  name: z.string(),
  head: z.string(),
  /** `owner`: the company's owner; `colleague`: another of its people. */
  title: z.enum(['owner', 'colleague']),
  /** What buyers contact this person for, with the channel, from the company's link_way. */
  contactFor: z.array(
    z.object({ purpose: z.enum(LINK_WAY_PURPOSES), channel: z.enum(LINK_WAY_CHANNELS), value: z.string() }),
  ),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZTeam = z.object({
  rootId: z.number(),
  companyName: z.string(),
  isDemo: z.boolean(),
  members: z.array(ZTeamMember),
});
export type TTeam = z.infer<typeof ZTeam>;
/** The ways as the server receives them, checked and trimmed. */
export type TLinkWaysInput = z.output<typeof ZLinkWaySaveRequest>['ways'];
