import { useCallback, useEffect, useState } from 'react';
import { useLanguage } from './i18n';

type Translate = typeof import('@metal/shared/region-names').regionName;

// One load for the whole app: the English names arrive the first time an English page shows a region.
let loaded: Translate | undefined;
let loading: Promise<Translate> | undefined;
const loadRegionNames = () =>
  (loading ??= import('@metal/shared/region-names').then((module) => {
    loaded = module.regionName;
    return module.regionName;
  }));

/**
 * Region names (as the wire carries them, in Chinese) for display in the reader's language. A Chinese reader
 * loads nothing; an English reader's table comes in its own chunk, the Chinese name showing until it has.
 */
export function useRegionName(): (name: string) => string {
  const [lang] = useLanguage();
  const [translate, setTranslate] = useState<Translate | undefined>(() => loaded);
  useEffect(() => {
    if (lang === 'zh-CN' || translate) return;
    let live = true;
    void loadRegionNames().then((next) => {
      if (live) setTranslate(() => next);
    });
    return () => {
      live = false;
    };
  }, [lang, translate]);
  // Stable while the language and table stay, so pickers' options are built once.
  return useCallback((name: string) => (translate ? translate(name, lang) : name), [translate, lang]);
}
