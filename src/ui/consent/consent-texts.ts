import { czechCount, MONTHS } from '@/site/public';

/**
 * The first layer of the cookie banner. The texts speak as the photographer ("já") and name exactly what is
 * measured: with Google Analytics configured, Google, its cookies and their lifetime (`cookieMonths`, the same number
 * as the privacy notice and the tag's `cookie_expires`, from content/terms.json) and the transfer to the USA under
 * the EU-US Data Privacy Framework. "Přijmout vše" and "Odmítnout vše" carry equal weight.
 * The root layout picks the variant on the server and hands the banner only that one (no texts in the page's
 * JavaScript); the lazily loaded consent library builds the same texts for its configuration.
 */
export type ConsentBannerTexts = ReturnType<typeof consentBannerTexts>;

/**
 * What the banner, the settings and the consent library need to know, decided once on the server: whether Google
 * Analytics is configured (googleAnalyticsConfigured), how long Google's cookies live and how long the choice is kept.
 */
export interface ConsentConfig {
  externalAnalytics: boolean;
  /** Lifetime of Google's cookies (content/terms.json `analyticsCookieMonths`). */
  cookieMonths: number;
  /** Lifetime of the stored choice, cookie `cc_cookie` (content/terms.json `consentCookieMonths`). */
  consentMonths: number;
}

/** The consent library's cookie lifetime in days for the months the privacy notice names (6 months → 182 days). */
export function consentCookieDays(consentMonths: number): number {
  return Math.floor((consentMonths * 365) / 12);
}

export function consentBannerTexts({ externalAnalytics, cookieMonths }: ConsentConfig) {
  const lifetime = czechCount(cookieMonths, MONTHS);
  return {
    title: 'Souhlas s cookies',
    description: externalAnalytics
      ? `Nezbytné cookies zajišťují chod webu. S vaším souhlasem budu měřit návštěvnost pomocí služby Google Analytics: Google uloží cookies _ga a _ga_… s platností ${lifetime} a zpracuje pseudonymizované údaje o vaší návštěvě, i v USA podle EU-US Data Privacy Framework. Volbu můžete kdykoli změnit v patičce webu.`
      : 'Nezbytné cookies zajišťují chod webu. S vaším souhlasem budu také počítat, kolikrát se která stránka zobrazila, abych věděla, co vás zajímá – bez dalších cookies a bez údajů o vás. Volbu můžete kdykoli změnit v patičce webu.',
    acceptAllBtn: 'Přijmout vše',
    acceptNecessaryBtn: 'Odmítnout vše',
    showPreferencesBtn: 'Nastavení podle kategorií',
    privacyLink: 'Ochrana osobních údajů',
  };
}
