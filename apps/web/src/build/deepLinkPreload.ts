// Build-time helper for vite.config.ts (never part of the app's bundle).
import { DEFAULT_LANGUAGE, LANGUAGES, Platform } from '../../../../packages/shared/src/constants';
import { PREFETCHED_CALL_GLOBAL } from '../lib/prefetchedCall';
import { StorageKeys } from '../lib/storageKeys';

/** What the plugin reads of a bundle's chunk (Rolldown's output chunk, with Vite's CSS metadata). */
export interface BundleChunk {
  type: 'chunk';
  fileName: string;
  /** The chunk's name: a code-splitting group's name for a chunk built from a group. */
  name?: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** Everything a chunk loads with it: itself and its static imports, recursively, by file name. */
function closure(chunks: Map<string, BundleChunk>, start: string, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const imported of chunks.get(start)?.imports ?? []) closure(chunks, imported, into);
  return into;
}

/**
 * The files a chunk needs beyond what the start-up chunk already brings (scripts, itself first, and
 * styles, root-relative), read from the bundle so they follow the real chunk graph.
 */
export function filesBeyondStartUp(
  chunks: readonly BundleChunk[],
  chunk: BundleChunk,
): { scripts: string[]; styles: string[] } {
  const byName = new Map(chunks.map((item) => [item.fileName, item]));
  const entries = chunks.filter((item) => item.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const startUp = closure(byName, (entries[0] as BundleChunk).fileName);
  const startUpStyles = new Set(
    [...startUp].flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])]),
  );
  const scripts = [...closure(byName, chunk.fileName)].filter((file) => !startUp.has(file));
  const styles = [
    ...new Set(scripts.flatMap((file) => [...(byName.get(file)?.viteMetadata?.importedCss ?? [])])),
  ].filter((file) => !startUpStyles.has(file));
  return { scripts: scripts.map((file) => `/${file}`), styles: styles.map((file) => `/${file}`) };
}

/** The files a page's chunk needs beyond what the start-up chunk already brings (filesBeyondStartUp). */
export function pageFiles(chunks: readonly BundleChunk[], pageModule: string): { scripts: string[]; styles: string[] } {
  const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(pageModule));
  if (!page) throw new Error(`${pageModule} is not a chunk of its own (is it still loaded lazily?)`);
  return filesBeyondStartUp(chunks, page);
}

/**
 * The call a deep link's page asks for first, which its script asks for at once. The script must send
 * exactly the request the app's API client would (lib/api.ts: the stored session and language, read
 * as lib/session.ts and lib/language.ts read them), or the app asks again; when it cannot be sure (a
 * language stored in another spelling), it asks nothing.
 */
export interface DeepLinkCall {
  /** The call's path, e.g. 'stock/detail'; its one field is the link's `id`. */
  path: string;
  platform: number;
  languages: readonly string[];
  defaultLanguage: string;
  sessionKey: string;
  languageKey: string;
  /** Where the app's client looks for it (lib/prefetchedCall.ts). */
  global: string;
}

/** The listing a shared link opens on, as the app's API client would ask for it (lib/api.ts). */
export const STOCK_DETAIL_CALL: DeepLinkCall = {
  path: 'stock/detail',
  platform: Platform.web,
  languages: LANGUAGES,
  defaultLanguage: DEFAULT_LANGUAGE,
  sessionKey: StorageKeys.session,
  languageKey: StorageKeys.language,
  global: PREFETCHED_CALL_GLOBAL,
};

/**
 * A small script for index.html that, when the app is opened on `route` (a hash path), asks at once for
 * that page's files, while the start-up chunk still downloads: otherwise the page's files would be
 * asked for only once the start-up code has arrived and run. The links are the ones Vite's preload
 * helper would add later (modulepreload with crossorigin, stylesheet preloads), so it finds them there.
 * With `call`, it also asks for the page's data (the link's `id`), unless the app's code already runs.
 */
export function deepLinkPreloadScript(
  route: string,
  files: { scripts: string[]; styles: string[] },
  call?: DeepLinkCall,
): string {
  const pattern = `^#${route.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(\\?|$)`;
  const links = `const add=(rel,href,as)=>{const link=document.createElement('link');link.rel=rel;link.href=href;link.crossOrigin='';if(as)link.as=as;document.head.appendChild(link)};for(const href of ${JSON.stringify(files.styles)})add('preload',href,'style');for(const href of ${JSON.stringify(files.scripts)})add('modulepreload',href);`;
  // The call goes out before the files: over HTTP/1.1 a request waits for one of the browser's six
  // connections to the server, and behind the page's twenty files it would wait a second.
  const ask = call ? `(()=>{${callScript(call)}})();` : '';
  return `(()=>{if(!new RegExp(${JSON.stringify(pattern)}).test(location.hash))return;${ask}${links}})();\n`;
}

function callScript(call: DeepLinkCall): string {
  const G = JSON.stringify(call.global);
  return [
    // The app's code already runs (lib/prefetchedCall.ts closed the slot): it asks for itself.
    `if(window[${G}]!==undefined)return;`,
    // As app/preloadStart.ts reads the link.
    `const id=Number(new URLSearchParams(location.hash.replace(/^#/,'').split('?')[1]||'').get('id'));`,
    'if(!Number.isInteger(id)||id<=0)return;',
    'const read=(key)=>{try{return localStorage.getItem(key)}catch{return null}};',
    // lib/language.ts: none stored means the default; another spelling would be normalised there, so skip.
    `const stored=read(${JSON.stringify(call.languageKey)});`,
    `const lang=!stored?${JSON.stringify(call.defaultLanguage)}:${JSON.stringify(call.languages)}.includes(stored)?stored:null;`,
    'if(lang===null)return;',
    // lib/session.ts: the stored user's sessionId when all its fields are there, else none.
    `let session='';try{const v=JSON.parse(read(${JSON.stringify(call.sessionKey)}));if(v&&typeof v==='object'&&typeof v.account==='string'&&typeof v.rootId==='number'&&typeof v.userId==='number'&&typeof v.sessionId==='string'&&typeof v.lastLoginDate==='string')session=v.sessionId}catch{}`,
    // The API client's form: the call's fields, then the common ones (shared encodeForm's order).
    `const body=new URLSearchParams({id:String(id),session_id:session,platform:${JSON.stringify(String(call.platform))},openId:'',lang}).toString();`,
    `const url=${JSON.stringify(`/${call.path}.htmls`)};`,
    `const response=fetch(url,{method:'POST',headers:{'Content-Type':'application/x-www-form-urlencoded;charset=UTF-8',Accept:'application/json'},body,credentials:'same-origin'});`,
    // Never taken (the app's request came out different), its failure is nobody's to report.
    'response.catch(()=>{});',
    `window[${G}]={url,body,response};`,
  ].join('');
}
