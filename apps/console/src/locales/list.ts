/**
 * The language menu: about 50 locales (label, flag, title) as the Ant Design Pro template offers them.
 * zh-CN and en-US have complete console strings; the others show en-US strings with antd's own pack.
 */
export interface LocaleEntry {
  lang: string;
  label: string;
  icon: string;
  title: string;
  /** File name of antd's locale pack (antd/es/locale/<antd>.js). */
  antd: string;
}

export const DEFAULT_LOCALE = 'zh-CN';
export const LOCALE_STORAGE_KEY = 'umi_locale';
/** Languages written right to left (spec §9). */
export const RTL_LANGUAGES = ['he', 'ar', 'fa', 'ku'];

const entry = (lang: string, label: string, icon: string, title: string, antd = lang.replace('-', '_')) => ({
  lang,
  label,
  icon,
  title,
  antd,
});

export const LOCALES: LocaleEntry[] = [
  entry('zh-CN', '简体中文', '🇨🇳', '语言'),
  entry('zh-TW', '繁體中文', '🇹🇼', '語言'),
  entry('zh-HK', '繁體中文（香港）', '🇭🇰', '語言'),
  entry('en-US', 'English', '🇺🇸', 'Language'),
  entry('en-GB', 'English (UK)', '🇬🇧', 'Language'),
  entry('ar-EG', 'العربية', '🇪🇬', 'لغة'),
  entry('az-AZ', 'Azərbaycan dili', '🇦🇿', 'Dil'),
  entry('bg-BG', 'Български език', '🇧🇬', 'език'),
  entry('bn-BD', 'বাংলা', '🇧🇩', 'ভাষা'),
  entry('ca-ES', 'Català', '🇦🇩', 'llengua'),
  entry('cs-CZ', 'Čeština', '🇨🇿', 'Jazyk'),
  entry('da-DK', 'Dansk', '🇩🇰', 'Sprog'),
  entry('de-DE', 'Deutsch', '🇩🇪', 'Sprache'),
  entry('el-GR', 'Ελληνικά', '🇬🇷', 'Γλώσσα'),
  entry('es-ES', 'Español', '🇪🇸', 'Idioma'),
  entry('et-EE', 'Eesti', '🇪🇪', 'Keel'),
  entry('fa-IR', 'فارسی', '🇮🇷', 'زبان'),
  entry('fi-FI', 'Suomi', '🇫🇮', 'Kieli'),
  entry('fr-BE', 'Français (Belgique)', '🇧🇪', 'Langue'),
  entry('fr-FR', 'Français', '🇫🇷', 'Langue'),
  entry('ga-IE', 'Gaeilge', '🇮🇪', 'Teanga'),
  entry('he-IL', 'עברית', '🇮🇱', 'שפה'),
  entry('hi-IN', 'हिन्दी', '🇮🇳', 'भाषा'),
  entry('hr-HR', 'Hrvatski jezik', '🇭🇷', 'Jezik'),
  entry('hu-HU', 'Magyar', '🇭🇺', 'Nyelv'),
  entry('hy-AM', 'Հայերեն', '🇦🇲', 'Լեզու'),
  entry('id-ID', 'Bahasa Indonesia', '🇮🇩', 'Bahasa'),
  entry('it-IT', 'Italiano', '🇮🇹', 'Linguaggio'),
  entry('is-IS', 'Íslenska', '🇮🇸', 'Tungumál'),
  entry('ja-JP', '日本語', '🇯🇵', '言語'),
  entry('ku-IQ', 'کوردی', '🇮🇶', 'Ziman'),
  entry('kn-IN', 'ಕನ್ನಡ', '🇮🇳', 'ಭಾಷೆ'),
  entry('ko-KR', '한국어', '🇰🇷', '언어'),
  entry('lv-LV', 'Latviešu valoda', '🇱🇮', 'Kalba'),
  entry('mk-MK', 'македонски јазик', '🇲🇰', 'Јазик'),
  entry('mn-MN', 'Монгол хэл', '🇲🇳', 'Хэл'),
  entry('ms-MY', 'بهاس ملايو‎', '🇲🇾', 'Bahasa'),
  entry('nb-NO', 'Norsk', '🇳🇴', 'Språk'),
  entry('ne-NP', 'नेपाली', '🇳🇵', 'भाषा'),
  entry('nl-BE', 'Vlaams', '🇧🇪', 'Taal'),
  entry('nl-NL', 'Nederlands', '🇳🇱', 'Taal'),
  entry('pl-PL', 'Polski', '🇵🇱', 'Język'),
  entry('pt-BR', 'Português (Brasil)', '🇧🇷', 'Idiomas'),
  entry('pt-PT', 'Português', '🇵🇹', 'Idiomas'),
  entry('ro-RO', 'Română', '🇷🇴', 'Limba'),
  entry('ru-RU', 'Русский', '🇷🇺', 'язык'),
  entry('sk-SK', 'Slovenčina', '🇸🇰', 'Jazyk'),
  entry('sr-RS', 'српски језик', '🇷🇸', 'Језик'),
  entry('sl-SI', 'Slovenščina', '🇸🇮', 'Jezik'),
  entry('sv-SE', 'Svenska', '🇸🇪', 'Språk'),
  entry('ta-IN', 'தமிழ்', '🇮🇳', 'மொழி'),
  entry('th-TH', 'ไทย', '🇹🇭', 'ภาษา'),
  entry('tr-TR', 'Türkçe', '🇹🇷', 'Dil'),
  entry('uk-UA', 'Українська', '🇺🇦', 'Мова'),
  entry('vi-VN', 'Tiếng Việt', '🇻🇳', 'Ngôn ngữ'),
];

export const findLocale = (lang: string | null | undefined): LocaleEntry =>
  LOCALES.find((l) => l.lang === lang) ?? (LOCALES[0] as LocaleEntry);

export const isRtl = (lang: string) => RTL_LANGUAGES.includes(lang.split('-')[0] ?? '');

export const readStoredLocale = (): string => {
  try {
    return findLocale(localStorage.getItem(LOCALE_STORAGE_KEY)).lang;
  } catch {
    return DEFAULT_LOCALE;
  }
};
