export const firmsMessages = {
  created: 'Firm created successfully.',
  updated: 'Firm Updated successfully.',
  deleted: 'Firm deleted successfully.',
  nameRequired: 'Firm name is required.',
  hasMembers: (n: number) =>
    `This firm cannot be deleted: ${n} user${n === 1 ? ' belongs' : 's belong'} to it (deleted users count too, since their records name the firm).`,
  logoType: 'The logo must be a PNG, JPEG, WebP or GIF image.',
  logoSize: 'The logo must be at most 512 KB.',
  logoNotImage: (type: string) =>
    `The file is not a ${type.replace('image/', '').toUpperCase()} image. Upload a PNG, JPEG, WebP or GIF image.`,
  empty: 'No firms found.',
  noMatchingFirm: 'No matching firm',
  noLogo: 'No logo uploaded.',
  graceDays: 'Enter the grace period as a whole number of days from 0 to 90.',
  demoPolicyOff:
    'The demo policy (password alone) is turned off on this server (ALLOW_DEMO_SIGN_IN). Choose Required or Optional.',
  idleTimeout: 'Enter the idle timeout as a whole number of minutes from 5 to 480.',
} as const;
