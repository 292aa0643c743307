/** External addresses the app links to (sign-up, event programme information, chat with the provider). */
export const externalLinks = {
  signUp: 'https://siaptes.id/daftar',
  programAkbar: 'https://siaptes.id/program',
  // WhatsApp chat with the provider's student service.
  chat: 'https://wa.me/6281511002024?text=Halo%20SiapTes%2C%20saya%20peserta%20Tryout%20Akbar',
} as const;
