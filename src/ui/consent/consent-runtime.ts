'use client';
import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-theme.css';
import { CONSENT_EVENT, PREFERENCES_EVENT, type ConsentDetail, type PreferencesDetail } from './consent-events';
import { consentBannerTexts, consentCookieDays, type ConsentConfig } from './consent-texts';
import { czechCount, MONTHS } from '@/site/public';

/**
 * Czech law (since 1 January 2022) requires opt-in: nothing but necessary cookies until the visitor agrees.
 * "Přijmout vše" and "Odmítnout vše" carry equal weight; categories can be set one by one; the choice is kept in
 * the `cc_cookie` cookie (necessary) and can be changed from the footer.
 *
 * The library keeps and checks the choice and shows the preferences dialog. The first layer (the banner with the
 * three buttons) is rendered by ConsentManager without this module, which loads only when the visitor answers it
 * or opens the settings, or when a stored choice has to be read (docs/decisions/056-first-load-js.md).
 */
let started: Promise<void> | null = null;

function announce() {
  const detail: ConsentDetail = { chosen: CookieConsent.validConsent(), analytics: CookieConsent.acceptedCategory('analytics') };
  window.dispatchEvent(new CustomEvent<ConsentDetail>(CONSENT_EVENT, { detail }));
}

function preferences(open: boolean) {
  window.dispatchEvent(new CustomEvent<PreferencesDetail>(PREFERENCES_EVENT, { detail: { open } }));
}

/**
 * The texts speak as the photographer ("já") and name exactly what is measured: with Google Analytics configured,
 * Google, its cookies and their lifetime (`cookieMonths`, the same number as the privacy notice and the tag's
 * `cookie_expires`, from content/terms.json) and the transfer to the USA under the EU-US Data Privacy Framework.
 */
export function startConsent(config: ConsentConfig): Promise<void> {
  const { externalAnalytics, cookieMonths, consentMonths } = config;
  const lifetime = czechCount(cookieMonths, MONTHS);
  const banner = consentBannerTexts(config);
  started ??= CookieConsent.run({
    hideFromBots: false,
    // ConsentManager shows the first layer itself; the library never opens its own consent box.
    autoShow: false,
    cookie: {
      name: 'cc_cookie',
      expiresAfterDays: consentCookieDays(consentMonths),
      sameSite: 'Lax',
      secure: window.location.protocol === 'https:',
    },
    guiOptions: {
      consentModal: { layout: 'box', position: 'bottom right', equalWeightButtons: true, flipButtons: false },
      preferencesModal: { layout: 'box', equalWeightButtons: true, flipButtons: false },
    },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: { enabled: false, autoClear: { cookies: [{ name: /^_ga/ }, { name: '_gid' }] } },
    },
    onConsent: announce,
    onChange: announce,
    onModalShow: ({ modalName }) => {
      if (modalName === 'preferencesModal') preferences(true);
    },
    onModalHide: ({ modalName }) => {
      if (modalName === 'preferencesModal') preferences(false);
    },
    language: {
      default: 'cs',
      translations: {
        cs: {
          consentModal: {
            title: banner.title,
            description: banner.description,
            acceptAllBtn: banner.acceptAllBtn,
            acceptNecessaryBtn: banner.acceptNecessaryBtn,
            showPreferencesBtn: banner.showPreferencesBtn,
          },
          preferencesModal: {
            title: 'Nastavení cookies',
            acceptAllBtn: 'Přijmout vše',
            acceptNecessaryBtn: 'Odmítnout vše',
            savePreferencesBtn: 'Uložit nastavení',
            closeIconLabel: 'Zavřít',
            sections: [
              {
                title: 'Jak používám cookies',
                description: 'Bez vašeho souhlasu používám jen cookies nezbytné pro chod webu. Měření návštěvnosti zapnu, jen když ho povolíte.',
              },
              {
                title: 'Nezbytné',
                description: `Přihlášení k účtu (cookie s přihlášením, jen když se přihlásíte) a zapamatování této volby (cookie cc_cookie na ${czechCount(consentMonths, MONTHS)}). Bez nich web nefunguje, proto je nelze vypnout.`,
                linkedCategory: 'necessary',
              },
              {
                title: 'Analytické',
                description: externalAnalytics
                  ? `Počty zobrazení jednotlivých stránek a služba Google Analytics od společnosti Google Ireland Limited. Google ukládá cookies _ga a _ga_… s platností ${lifetime} a zpracovává pseudonymizované údaje o návštěvě (náhodný identifikátor prohlížeče, zobrazené stránky, přibližnou polohu, zařízení). Údaje může předat společnosti Google LLC do USA na základě EU-US Data Privacy Framework.`
                  : 'Počty zobrazení jednotlivých stránek. Neukládám žádné údaje o vás ani žádné další cookies.',
                linkedCategory: 'analytics',
              },
            ],
          },
        },
      },
    },
  }).then(announce);
  return started;
}

export function showConsentPreferences(): void {
  CookieConsent.showPreferences();
}

/** The first layer's answers: every category, or only the necessary ones (the library stores the choice). */
export function acceptAll(): void {
  CookieConsent.acceptCategory('all');
}

export function acceptNecessary(): void {
  CookieConsent.acceptCategory([]);
}
