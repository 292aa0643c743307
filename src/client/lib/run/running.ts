/** A package or per-topic tryout is running: logout is blocked and closing the page warns: an unsent answer or unreported time would be lost. */
export const selectIsTryoutRunning = (state: {
  tryoutPaket: { isRunning: boolean };
  tryoutMateri: { isRunning: boolean };
}) => state.tryoutPaket.isRunning || state.tryoutMateri.isRunning;
