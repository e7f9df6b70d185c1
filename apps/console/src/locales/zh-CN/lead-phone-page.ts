/**
 * The strings the phone lead page loads on its own (locales/lead-locale.ts, decision 065): the app's, the
 * leads' and WeCom contact's, and its own; the whole console's load with the console.
 */
import common from './common';
import leadPhone from './lead-phone';
import leads from './leads';
import wecomContact from './wecom-contact';

export default { ...common, ...leads, ...wecomContact, ...leadPhone };
