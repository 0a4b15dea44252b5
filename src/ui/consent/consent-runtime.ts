'use client';
import * as CookieConsent from 'vanilla-cookieconsent';
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import './consent-theme.css';
import { CONSENT_EVENT, type ConsentDetail } from './consent-events';

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

export function startConsent(externalAnalytics: boolean): Promise<void> {
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
            description:
              'Nezbytné cookies zajišťují chod webu. S vaším souhlasem budeme také anonymně počítat návštěvy stránek, abychom věděli, co vás zajímá. Volbu můžete kdykoli změnit v patičce webu.',
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
                title: 'Jak používáme cookies',
                description: 'Bez vašeho souhlasu používáme jen cookies nezbytné pro chod webu. Analytické měření zapneme jen tehdy, když ho povolíte.',
              },
              {
                title: 'Nezbytné',
                description: 'Přihlášení k účtu a zapamatování této volby. Bez nich web nefunguje, proto je nelze vypnout.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Analytické',
                description: externalAnalytics
                  ? 'Anonymní počty zobrazení jednotlivých stránek a služba Google Analytics, která ukládá vlastní cookies (_ga).'
                  : 'Anonymní počty zobrazení jednotlivých stránek. Neukládáme žádné údaje o vás ani žádné další cookies.',
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
