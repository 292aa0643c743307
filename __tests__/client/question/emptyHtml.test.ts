import { isEmptyHtml } from '../../../src/client/components/question/emptyHtml';

describe('isEmptyHtml', () => {
  it('treats markup without visible text as an absent option', () => {
    expect(isEmptyHtml('')).toBe(true);
    expect(isEmptyHtml('  <p></p> ')).toBe(true);
    expect(isEmptyHtml('<p>&nbsp;</p>')).toBe(true);
  });

  it('keeps an option that shows something', () => {
    expect(isEmptyHtml('<p>½</p>')).toBe(false);
    expect(isEmptyHtml('0')).toBe(false);
  });
});
