import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../../src/i18n/i18n';
import { openKiosk, setUpKioskTests } from './kiosk-support';
import { renderApp } from './render-app';

setUpKioskTests();

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
});
