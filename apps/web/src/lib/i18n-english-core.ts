import accounts from '../locales/en-US/accounts.json';
import common from '../locales/en-US/common.json';
import launch from '../locales/en-US/launch.json';
import markets from '../locales/en-US/markets.json';
import root from '../locales/en-US/root.json';
import settings from '../locales/en-US/settings.json';

/** The start-up namespaces in English, in a chunk of their own that only English readers load. */
export default { common, launch, root, accounts, settings, markets };
