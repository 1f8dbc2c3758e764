/** The printable sheet of a site's checkpoint stickers (the router's lazy route). */
export const STICKER_SHEET_PATH = '/patrols/stickers';

export const stickerSheetPath = (residenceUuid: string) =>
  `${STICKER_SHEET_PATH}?site=${encodeURIComponent(residenceUuid)}`;
