/** codeFlag values of the `.htmls` envelope (PROTOCOL.md). */
export const CodeFlag = {
  ok: 0,
  notLoggedIn: 1,
  invalidInput: 2,
  forbidden: 3,
  notFound: 4,
  conflict: 5,
  tooManyRequests: 6,
  companyInfoIncomplete: 7,
  realPersonRequired: 8,
  vipRequired: 9,
  paymentFailed: 10,
  serverFault: 99,
} as const;
export type CodeFlagValue = (typeof CodeFlag)[keyof typeof CodeFlag];

/** Client platform codes sent as `platform` on every call. */
export const Platform = { android: 1, ios: 2, miniProgram: 4, web: 5, other: 6 } as const;
export type PlatformValue = (typeof Platform)[keyof typeof Platform];
export const PLATFORM_VALUES = Object.values(Platform) as PlatformValue[];

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** SPEC §5/§9: password is 6-18 letters and digits. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;
/** SPEC §5: a login account is letters and digits, at most 18. */
export const ACCOUNT_MAX = 18;
/** SPEC §9: business phones and faxes per company. */
export const MAX_BUSINESS_PHONES = 5;
export const MAX_FAXES = 5;
/** SPEC §9: specs per inquiry. */
export const MAX_INQUIRY_SPECS = 10;
/** SPEC §9: price-checker quotes per submission. */
export const MAX_CHECK_PRICE_ITEMS = 7;
/** SPEC §9: default 'my quotes' market sort ids. */
export const DEFAULT_MARKET_SORT_IDS = [13, 12, 78, 77, 40] as const;
/** SPEC §9: certified supplier prices in fen (4999 yuan / 6 months, 8800 yuan / 1 year). */
export const CERTIFIED_SUPPLIER_PRICE_FEN = { halfYear: 499_900, year: 880_000 } as const;
/** SPEC §9: chat reconnect interval and attempts. */
export const CHAT_RECONNECT_MS = 3000;
export const CHAT_RECONNECT_MAX = 20;
/** SPEC §9: push token is re-bound when older than 90 days. */
export const PUSH_TOKEN_REBIND_MS = 7_776_000_000;
/** SPEC §7: network time-out for every request. */
export const NETWORK_TIMEOUT_MS = 60_000;
/** SPEC §9: toast shows for 1500 ms by default. */
export const TOAST_DURATION_MS = 1500;
/** SPEC §9: Earth radius for distances, km. */
export const EARTH_RADIUS_KM = 6378.137;
/** SPEC §9: place search radius (m) and result count. */
export const PLACE_SEARCH_RADIUS_M = 5000;
export const PLACE_SEARCH_COUNT = 10;
/** SPEC §9: quiet times for pushed messages, Asia/Shanghai. */
export const QUIET_HOURS = [
  { from: '12:30', to: '13:30' },
  { from: '22:00', to: '07:00' },
] as const;
/** SPEC §5: coordinates are corrected (WGS-84 → GCJ-02) only inside these mainland bounds. */
export const MAINLAND_BOUNDS = { minLon: 72.004, maxLon: 137.8347, minLat: 0.8293, maxLat: 55.8271 } as const;
/** Business time zone (PROTOCOL.md). */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/** SMS verification codes: 6 digits, valid 5 minutes, 60 s between sends. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;
/** Daily caps on codes sent, so one phone or one address cannot flood the SMS provider. */
export const SMS_DAILY_CAP_PER_PHONE = 10;
/** The address's cap unless the server's SMS_DAILY_CAP_PER_IP sets another (end-to-end runs all come from one). */
export const SMS_DAILY_CAP_PER_IP = 30;
/** After this many failed logins (per account or per IP, within the window) the image captcha is required. */
export const LOGIN_FAILURES_BEFORE_CAPTCHA = 3;
export const LOGIN_FAILURE_WINDOW_SECONDS = 15 * 60;
/** Image captchas expire after 5 minutes and are single use. */
export const CAPTCHA_TTL_SECONDS = 300;
/** Sessions last 30 days from the last use. */
export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

/** 'employee': the code an owner sends to a new employee's phone, the employee's consent to be added (staff/save). */
export const SMS_PURPOSES = ['register', 'login', 'reset', 'change_phone', 'delete_account', 'employee'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** SPEC §3: company business models. */
export const BUSINESS_MODELS = ['producer', 'trader', 'buyer', 'other'] as const;
export type BusinessModel = (typeof BUSINESS_MODELS)[number];

/**
 * SPEC §4 real-person verification: checks per person per Asia/Shanghai day. Each check is paid for,
 * and the limit is what stops someone trying name after name against one identity number.
 */
export const VERIFICATION_DAILY_ATTEMPTS = 3;
/** The note a user leaves for customer service when asking for help with verification. */
export const VERIFICATION_NOTE_MAX = 200;
/** SPEC §6 operators: customer service and administrators. */
export const OPERATOR_ROLES = ['service', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/**
 * Uploads (`upload/file`): what each kind of file is for. Images are public; licences are private.
 * Chat files (content type 3) and voice recordings (type 4) are public under unguessable keys, as chat
 * images are, because a message keeps its address for good and signed links expire. Bank transfer
 * slips (`transferSlip`) are private images, as licences are: they show account numbers.
 */
export const UPLOAD_KINDS = ['image', 'licence', 'chatFile', 'voice', 'transferSlip'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** Image types accepted, recognised by their first bytes (never by name): what phone cameras and albums make. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];
/** Voice recordings as browsers' MediaRecorder makes them (Opus in WebM or Ogg, AAC in MP4 or ADTS), recognised by their first bytes. */
export const UPLOAD_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/aac'] as const;
export type UploadAudioType = (typeof UPLOAD_AUDIO_TYPES)[number];
/** What a chat file of any other content is stored and served as: always downloaded, never shown inline. */
export const UPLOAD_OTHER_TYPE = 'application/octet-stream';
export const UPLOAD_STORED_TYPES = [...UPLOAD_IMAGE_TYPES, ...UPLOAD_AUDIO_TYPES, UPLOAD_OTHER_TYPE] as const;
export type UploadStoredType = (typeof UPLOAD_STORED_TYPES)[number];
/** A voice message is at most a minute: 2 MB holds that at any bitrate a browser records speech with. */
export const UPLOAD_MAX_VOICE_BYTES = 2 * 1024 * 1024;
/** Largest file accepted (10 MB: a phone photo is 2-6 MB), checked while it arrives, before anything is stored. */
export const UPLOAD_MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Files in one upload (an album pick of 9, as WeChat's picker allows). */
export const UPLOAD_MAX_FILES = 9;
/** Files one user may upload per hour, all kinds together. */
export const UPLOAD_MAX_FILES_PER_HOUR = 120;
/** Decoded size limit, so a small file cannot expand into a huge bitmap (40 megapixels). */
export const UPLOAD_MAX_IMAGE_PIXELS = 40_000_000;
/** Stored images are scaled to fit this many pixels on their long edge (enough to read a licence). */
export const IMAGE_MAX_EDGE = 2560;
/** Thumbnails fit this many pixels on their long edge. */
export const THUMBNAIL_EDGE = 400;
/** Signed links to private files (licences) work for at least this long. */
export const SIGNED_FILE_LINK_SECONDS = 600;

/** SPEC §3 company albums: albums per company, pictures per album, and album name length. */
export const MAX_COMPANY_ALBUMS = 20;
export const MAX_ALBUM_PICTURES = 60;
export const ALBUM_NAME_MAX = 20;
/** Most listings one stock-manager batch changes at once (SPEC §5 stock batch). */
export const STOCK_BATCH_MAX = 200;

/**
 * The id of the default 'my quotes' group a visitor (or a user who never edited theirs) sees. Here
 * rather than in markets/schemas.ts so that the home screen's quotes do not bring zod with them.
 */
export const DEFAULT_GROUP_ID = 0;
