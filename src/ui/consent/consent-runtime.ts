'use client';
import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-theme.css';
import { CONSENT_EVENT, type ConsentDetail } from './consent-events';
import { czechCount, MONTHS } from '@/content/public';

/**
 * Czech law (since 1 January 2022) requires opt-in: nothing but necessary cookies until the visitor agrees.
 * "Přijmout vše" and "Odmítnout vše" carry equal weight; categories can be set one by one; the choice is kept in
 * the `cc_cookie` cookie (necessary) and can be changed from the footer.
 */
let started: Promise<void> | null = null;

function announce() {
  const detail: ConsentDetail = { analytics: CookieConsent.acceptedCategory('analytics') };
  window.dispatchEvent(new CustomEvent<ConsentDetail>(CONSENT_EVENT, { detail }));
}

/**
 * The texts speak as the photographer ("já") and name exactly what is measured: with Google Analytics configured,
 * Google, its cookies and their lifetime (`cookieMonths`, the same number as the privacy notice and the tag's
 * `cookie_expires`, from content/terms.json) and the transfer to the USA under the EU-US Data Privacy Framework.
 */
export function startConsent(externalAnalytics: boolean, cookieMonths: number): Promise<void> {
  const lifetime = czechCount(cookieMonths, MONTHS);
  started ??= CookieConsent.run({
    hideFromBots: false,
    cookie: {
      name: 'cc_cookie',
      expiresAfterDays: 182,
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
    language: {
      default: 'cs',
      translations: {
        cs: {
          consentModal: {
            title: 'Souhlas s cookies',
            description: externalAnalytics
              ? `Nezbytné cookies zajišťují chod webu. S vaším souhlasem budu měřit návštěvnost pomocí služby Google Analytics: Google uloží cookies _ga a _ga_… s platností ${lifetime} a zpracuje pseudonymizované údaje o vaší návštěvě, i v USA podle EU-US Data Privacy Framework. Volbu můžete kdykoli změnit v patičce webu.`
              : 'Nezbytné cookies zajišťují chod webu. S vaším souhlasem budu také počítat, kolikrát se která stránka zobrazila, abych věděla, co vás zajímá – bez dalších cookies a bez údajů o vás. Volbu můžete kdykoli změnit v patičce webu.',
            acceptAllBtn: 'Přijmout vše',
            acceptNecessaryBtn: 'Odmítnout vše',
            showPreferencesBtn: 'Nastavení podle kategorií',
            footer: '<a href="/ochrana-udaju">Ochrana osobních údajů</a>',
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
                description: 'Přihlášení k účtu, ochrana formulářů a zapamatování této volby (cookie cc_cookie na 6 měsíců). Bez nich web nefunguje, proto je nelze vypnout.',
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
