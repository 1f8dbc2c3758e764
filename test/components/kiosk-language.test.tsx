import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../../src/i18n/i18n';
import { GUARD_API, guardFailure } from '../msw/api';
import { resetGuardAppRecords } from '../msw/handlers/guard-app';
import { server } from '../msw/server';
import { openKiosk, setUpKioskTests, stubCamera } from './kiosk-support';
import { renderApp } from './render-app';

setUpKioskTests();

type App = Awaited<ReturnType<typeof openKiosk>>;

/** The server's answer to the next End shift: the shift was ended elsewhere meanwhile. */
const noOpenShift = () =>
  http.post(
    `${GUARD_API}/residences/:site/attendance/end`,
    () =>
      HttpResponse.json(guardFailure('You have no open shift to end.', 'NO_OPEN_SHIFT'), {
        status: 409,
      }),
    { once: true },
  );

/** The kiosk's words in one language, for the steps a guard takes. */
interface Words {
  language: string;
  chooseName: string;
  pinTitle: string;
  keypad: string;
  confirm: string;
  hello: string;
}

const NEPALI: Words = {
  language: 'नेपाली',
  chooseName: 'आफ्नो नाम छान्नुहोस्',
  pinTitle: 'आफ्नो PIN हाल्नुहोस्',
  keypad: 'PIN किप्याड',
  confirm: 'पुष्टि गर्नुहोस्',
  hello: 'नमस्ते, Ahmad Faizal',
};

const MALAY: Words = {
  language: 'Bahasa Melayu',
  chooseName: 'Pilih nama anda',
  pinTitle: 'Masukkan PIN anda',
  keypad: 'Pad kekunci PIN',
  confirm: 'Sahkan',
  hello: 'Selamat datang, Ahmad Faizal',
};

/** Opens the kiosk and switches it to the language. */
async function openIn(words: Words): Promise<App> {
  const app = await openKiosk();
  await app.user.click(screen.getByRole('button', { name: words.language }));
  await screen.findByRole('heading', { level: 1, name: words.chooseName });
  return app;
}

/** Picks Ahmad Faizal on the start screen. */
async function pickAhmad({ user }: App, words: Words) {
  await user.click(await screen.findByRole('button', { name: /^Ahmad Faizal/ }));
  await screen.findByRole('heading', { level: 1, name: words.pinTitle });
}

/** Types a PIN on the keypad and confirms it. */
async function typePin({ user }: App, words: Words, pin: string) {
  const keypad = screen.getByRole('group', { name: words.keypad });
  for (const digit of pin) await user.click(within(keypad).getByRole('button', { name: digit }));
  await user.click(screen.getByRole('button', { name: words.confirm }));
}

/** Signs Ahmad Faizal in with his PIN and waits for his menu. */
async function signInAhmad(app: App, words: Words) {
  await pickAhmad(app, words);
  await typePin(app, words, '123456');
  await screen.findByRole('heading', { level: 1, name: words.hello });
}

/** The texts of a select's options, in order. */
function optionTexts(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('Kiosk language', () => {
  it('switches every text to Bahasa Melayu and back', async () => {
    const { user } = await openKiosk();
    const languages = screen.getByRole('group', { name: 'Language' });
    const malay = within(languages).getByRole('button', { name: 'Bahasa Melayu' });
    expect(malay).toHaveAttribute('aria-pressed', 'false');
    expect(malay).toHaveAttribute('lang', 'ms');
    expect(document.documentElement).toHaveAttribute('lang', 'en');

    await user.click(malay);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pilih nama anda' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Bahasa' })).toBeInTheDocument();
    expect(malay).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByRole('searchbox', { name: 'Cari mengikut nama atau ID pengawal' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Laporan insiden yang menunggu untuk dihantar: 0')).toBeInTheDocument();
    expect(screen.getByText('Jumaat, 20 Mac 2026')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'ms');

    await user.click(await screen.findByRole('button', { name: /^Bala Krishnan/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Masukkan PIN anda' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('PIN untuk Bala Krishnan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sahkan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Padam digit terakhir' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your PIN' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('remembers the choice on this device when the kiosk opens again', async () => {
    const pageLanguage = document.documentElement.lang;
    const first = await openKiosk();
    await first.user.click(screen.getByRole('button', { name: 'Bahasa Melayu' }));
    await screen.findByRole('heading', { level: 1, name: 'Pilih nama anda' });
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('ms');
    first.unmount();
    // Leaving the kiosk gives the page its own language back.
    expect(document.documentElement.lang).toBe(pageLanguage);

    renderApp('/kiosk');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pilih nama anda' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bahasa Melayu' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('starts in English on a device that never chose', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    await openKiosk();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers every language named in itself, Nepali among them', async () => {
    await openKiosk();
    const languages = screen.getByRole('group', { name: 'Language' });
    expect(
      within(languages)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['English', 'Bahasa Melayu', 'नेपाली']);
    expect(within(languages).getByRole('button', { name: 'नेपाली' })).toHaveAttribute('lang', 'ne');
  });
});

describe('The kiosk in Nepali', () => {
  it('says a locked PIN and a wrong PIN by their codes, the wait in Nepali', async () => {
    server.use(
      http.post(
        `${GUARD_API}/auth/verify-pin`,
        () =>
          HttpResponse.json(
            guardFailure(
              'Too many wrong PINs. This PIN is locked. Please try again in 15 minutes.',
              'PIN_LOCKED',
            ),
            { status: 429, headers: { 'Retry-After': '900' } },
          ),
        { once: true },
      ),
    );
    const app = await openIn(NEPALI);
    expect(document.documentElement).toHaveAttribute('lang', 'ne');
    expect(screen.getByText('२०२६ मार्च २०, शुक्रबार')).toBeInTheDocument();
    expect(screen.getByText('१०:००')).toBeInTheDocument();
    expect(screen.getByText('पठाउन बाँकी घटनाका रिपोर्टहरू: ०')).toBeInTheDocument();

    await pickAhmad(app, NEPALI);
    await typePin(app, NEPALI, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'धेरै पटक गलत PIN हालियो। यो PIN लक गरिएको छ। कृपया १५ मिनेटमा फेरि प्रयास गर्नुहोस्।',
    );
    await typePin(app, NEPALI, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('PIN गलत छ। कृपया फेरि प्रयास गर्नुहोस्।');
    await typePin(app, NEPALI, '123456');
    await screen.findByRole('heading', { level: 1, name: NEPALI.hello });
    expect(screen.getByText('तपाईंको कुनै पनि सिफ्ट खुला छैन।')).toBeInTheDocument();
  });

  it('says a shift that is not open by its code', async () => {
    // Open when the guard signed in, ended elsewhere (the phone) before the kiosk's End.
    resetGuardAppRecords({ pinOnlyShifts: true, openShiftOf: 'guard-1' });
    server.use(noOpenShift());
    stubCamera();
    const app = await openIn(NEPALI);
    await signInAhmad(app, NEPALI);
    await app.user.click(screen.getByRole('button', { name: 'सिफ्ट अन्त्य गर्नुहोस्' }));
    await screen.findByRole('heading', { level: 1, name: 'सिफ्ट अन्त्य गर्नुहोस्' });
    await app.user.click(screen.getByRole('button', { name: 'सेल्फी बिना अगाडि बढ्नुहोस्' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'अन्त्य गर्नका लागि तपाईंको कुनै पनि सिफ्ट खुला छैन।',
    );
  });

  it('names the incident and visitor types in Nepali, and writes the incident’s time in it', async () => {
    const app = await openIn(NEPALI);
    await signInAhmad(app, NEPALI);
    await app.user.click(screen.getByRole('button', { name: 'घटनाको रिपोर्ट गर्नुहोस्' }));
    const type = await screen.findByLabelText('घटनाको प्रकार');
    await within(type).findByRole('option', { name: 'चोरी' });
    expect(optionTexts(type)).toEqual(['प्रकार छान्नुहोस्', 'चोरी', 'आगलागी', 'अनधिकृत प्रवेश']);
    const when = screen.getByRole('group', { name: 'यो कहिले भयो?' });
    expect(within(when).getByLabelText('दिन')).toHaveDisplayValue('२०२६ मार्च २०, शुक्रबार');
    expect(within(when).getByLabelText('घण्टा')).toHaveDisplayValue('१०');
    expect(within(when).getByLabelText('मिनेट')).toHaveDisplayValue('००');

    await app.user.click(screen.getByRole('button', { name: 'मेनुमा फर्कनुहोस्' }));
    await app.user.click(await screen.findByRole('button', { name: 'गेट' }));
    const farah = (await screen.findByText('Farah Aziz')).closest('li');
    if (!farah) throw new Error('Expected Farah Aziz in the list');
    expect(within(farah).getByText('आगन्तुकको प्रकार')).toBeInTheDocument();
    expect(within(farah).getByText('डेलिभरी')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'पास बिना आएका आगन्तुक दर्ता गर्नुहोस्' }));
    const visitorType = await screen.findByLabelText('आगन्तुकको प्रकार');
    await within(visitorType).findByRole('option', { name: 'डेलिभरी' });
    expect(optionTexts(visitorType)).toEqual([
      'प्रकार छान्नुहोस्',
      'आगन्तुक',
      'डेलिभरी',
      'ठेकेदार',
      'ट्याक्सी/ई-हेलिङ',
    ]);
  });
});

describe('The kiosk in Bahasa Melayu', () => {
  it('says a wrong PIN and a refused shift in Malay, and tells Log keluar from Selesai', async () => {
    resetGuardAppRecords({ pinOnlyShifts: true, openShiftOf: 'guard-1' });
    stubCamera();
    const app = await openIn(MALAY);
    await pickAhmad(app, MALAY);
    await typePin(app, MALAY, '111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('PIN salah. Sila cuba lagi.');
    await typePin(app, MALAY, '123456');
    await screen.findByRole('heading', { level: 1, name: MALAY.hello });
    expect(
      screen.getByText('Syif anda di Mont Kiara Residence telah dibuka sejak 8:05 PG.'),
    ).toBeInTheDocument();

    // Ended elsewhere meanwhile: the server's refusal, in Malay; then ended here after all.
    server.use(noOpenShift());
    await app.user.click(screen.getByRole('button', { name: 'Tamat syif' }));
    await screen.findByRole('heading', { level: 1, name: 'Tamat syif' });
    await app.user.click(screen.getByRole('button', { name: 'Teruskan tanpa swafoto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Anda tiada syif yang sedang dibuka untuk ditamatkan.',
    );
    await app.user.click(screen.getByRole('button', { name: 'Kembali ke menu' }));
    await app.user.click(await screen.findByRole('button', { name: 'Tamat syif' }));
    await screen.findByRole('heading', { level: 1, name: 'Tamat syif' });
    await app.user.click(screen.getByRole('button', { name: 'Teruskan tanpa swafoto' }));
    await screen.findByRole('heading', { level: 1, name: 'Syif ditamatkan' });
    expect(screen.getByText('Ditamatkan pada 10:00 PG')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log keluar' })).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Selesai' }));

    // Started elsewhere meanwhile (the phone): the server's refusal, in Malay.
    await signInAhmad(app, MALAY);
    expect(screen.getByText('Anda tiada syif yang sedang dibuka.')).toBeInTheDocument();
    server.use(
      http.post(
        `${GUARD_API}/residences/:site/attendance/start`,
        () =>
          HttpResponse.json(
            guardFailure(
              'You already have an open shift. End it before you start a new one.',
              'SHIFT_ALREADY_OPEN',
            ),
            { status: 409 },
          ),
        { once: true },
      ),
    );
    await app.user.click(screen.getByRole('button', { name: 'Mula syif' }));
    await screen.findByRole('heading', { level: 1, name: 'Mula syif' });
    await app.user.click(screen.getByRole('button', { name: 'Teruskan tanpa swafoto' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Anda sudah mempunyai syif yang sedang dibuka. Tamatkan syif itu sebelum memulakan syif baharu.',
    );
  });

  it('names the incident types in Malay and writes the incident’s time in Malay', async () => {
    const app = await openIn(MALAY);
    await signInAhmad(app, MALAY);
    await app.user.click(screen.getByRole('button', { name: 'Lapor insiden' }));
    const type = await screen.findByLabelText('Jenis insiden');
    await within(type).findByRole('option', { name: 'Kecurian' });
    expect(optionTexts(type)).toEqual(['Pilih jenis', 'Kecurian', 'Kebakaran', 'Pencerobohan']);
    const when = screen.getByRole('group', { name: 'Bilakah ia berlaku?' });
    expect(within(when).getByLabelText('Hari')).toHaveDisplayValue('Jumaat, 20 Mac 2026');
    expect(within(when).getByLabelText('Jam')).toHaveDisplayValue('10 PG');
    expect(within(when).getByLabelText('Minit')).toHaveDisplayValue('00');
  });

  it('names the visitor types in Malay and says a watchlist refusal in Malay with its reasons', async () => {
    server.use(
      http.post(`${GUARD_API}/residences/:site/visitors`, () =>
        HttpResponse.json(
          guardFailure('This visitor is on the watchlist: Fought with a guard', 'WATCHLISTED'),
          { status: 409 },
        ),
      ),
    );
    const app = await openIn(MALAY);
    await signInAhmad(app, MALAY);
    await app.user.click(screen.getByRole('button', { name: 'Pintu pagar' }));
    const aisyah = (await screen.findByText('Aisyah Rahman')).closest('li');
    if (!aisyah) throw new Error('Expected Aisyah Rahman in the list');
    expect(within(aisyah).getByText('Jenis pelawat')).toBeInTheDocument();
    expect(within(aisyah).getByText('Pelawat')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Daftar pelawat tanpa temu janji' }));
    const form = await screen.findByRole('form', { name: 'Daftar pelawat tanpa temu janji' });
    const type = within(form).getByLabelText('Jenis pelawat');
    await within(type).findByRole('option', { name: 'Pelawat' });
    expect(optionTexts(type)).toEqual([
      'Pilih jenis',
      'Pelawat',
      'Penghantaran',
      'Kontraktor',
      'Teksi/E-hailing',
    ]);
    await app.user.selectOptions(type, 'Pelawat');
    const block = within(form).getByLabelText('Blok');
    await within(block).findByRole('option', { name: 'A' });
    await app.user.selectOptions(block, 'A');
    const floor = within(form).getByLabelText('Tingkat');
    await within(floor).findByRole('option', { name: '12' });
    await app.user.selectOptions(floor, '12');
    const unit = within(form).getByLabelText('Unit');
    await within(unit).findByRole('option', { name: 'A-12-03' });
    await app.user.selectOptions(unit, 'A-12-03');
    await app.user.type(within(form).getByLabelText('Nama pelawat'), 'Someone Else');
    await app.user.click(within(form).getByRole('button', { name: 'Daftar dan benarkan masuk' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Pelawat ini berada dalam senarai pemerhatian: Fought with a guard',
    );
  });

  it('shows the server’s own words for a code it does not know', async () => {
    server.use(
      http.post(`${GUARD_API}/auth/verify-pin`, () =>
        HttpResponse.json(guardFailure('PIN checks are paused for maintenance.', 'PIN_PAUSED'), {
          status: 503,
        }),
      ),
    );
    const app = await openIn(MALAY);
    await pickAhmad(app, MALAY);
    await typePin(app, MALAY, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'PIN checks are paused for maintenance.',
    );
  });
});
