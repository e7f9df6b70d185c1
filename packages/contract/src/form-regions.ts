/**
 * 省市区 answers, read against the maintained area list of `@vant/area-data` (pinned in package.json): a county
 * code (6 digits) or the names as "省/市/区县" become the names joined by "/"; anything else is no region.
 */
import { areaList } from '@vant/area-data';

const { province_list: provinces, city_list: cities, county_list: counties } = areaList;

/** The names of a county's province, city and county from its code; undefined for no county. */
const pathOfCode = (code: string) => {
  const county = counties[code];
  const city = cities[`${code.slice(0, 4)}00`];
  const province = provinces[`${code.slice(0, 2)}0000`];
  return county && city && province ? `${province}/${city}/${county}` : undefined;
};

let byNames: Set<string> | undefined;
/** Every "省/市/区县" path, built on first use. */
const knownPaths = () => {
  byNames ??= new Set(Object.keys(counties).flatMap((code) => pathOfCode(code) ?? []));
  return byNames;
};

/** The region's "省/市/区县" names, or undefined when it names none. */
export const regionPathOf = (value: string): string | undefined => {
  const v = value.trim();
  if (/^\d{6}$/.test(v)) return pathOfCode(v);
  const path = v
    .split(/\s*[/／\s]\s*/)
    .filter(Boolean)
    .join('/');
  return knownPaths().has(path) ? path : undefined;
};

/** The province → city → county tree for a cascading picker: value is the county code at the leaves. */
export interface RegionOption {
  value: string;
  label: string;
  children?: RegionOption[];
}

export const regionTree = (): RegionOption[] =>
  Object.entries(provinces).map(([pCode, pName]) => ({
    value: pCode,
    label: pName,
    children: Object.entries(cities)
      .filter(([cCode]) => cCode.startsWith(pCode.slice(0, 2)))
      .map(([cCode, cName]) => ({
        value: cCode,
        label: cName,
        children: Object.entries(counties)
          .filter(([k]) => k.startsWith(cCode.slice(0, 4)))
          .map(([k, name]) => ({ value: k, label: name })),
      })),
  }));

/** A name without its administrative ending: 杭州市 → 杭州, 浙江省 → 浙江, 广西壮族自治区 → 广西. */
const shortName = (name: string) =>
  name.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|盟|省|市)$/, '') || name;

let places: { cities: string[]; provinces: string[] } | undefined;

/**
 * The city a text names (a case study's title: "杭州市某中学…" → 杭州), else its province (浙江省青溪区… → 浙江),
 * from the maintained area list; '' when it names neither. Two-character short names are matched whole.
 */
export const placeNamedIn = (text: string): string => {
  places ??= {
    cities: [...new Set(Object.values(cities).map(shortName))].filter((n) => n.length >= 2),
    provinces: [...new Set(Object.values(provinces).map(shortName))].filter((n) => n.length >= 2),
  };
  let best: { name: string; at: number } | undefined;
  for (const name of places.cities) {
    const at = text.indexOf(name);
    if (at >= 0 && (!best || at < best.at || (at === best.at && name.length > best.name.length)))
      best = { name, at };
  }
  if (best) return best.name;
  return places.provinces.find((name) => text.includes(name)) ?? '';
};
