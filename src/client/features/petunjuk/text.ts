/** The instructions page's words: only its (lazy) page shows them, so they stay out of the login page's code. */
export const petunjukText = {
  title: 'Petunjuk TO',
  frameTitle: 'Petunjuk mengerjakan tryout SiapTes',
  openNewTab: 'Buka di tab baru',
};
