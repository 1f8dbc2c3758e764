/** A kiosk's label (the Set up this device as a kiosk form and POST /kiosks/add). */
export const KIOSK_LABEL_MAX_LENGTH = 60;

export const KIOSK_MESSAGES = {
  labelRequired: 'Enter a name for this kiosk, such as "Main gate".',
  labelTooLong: `A kiosk's name can have at most ${KIOSK_LABEL_MAX_LENGTH} characters.`,
  siteInvalid: 'Choose one of your sites with the guard service.',
} as const;
