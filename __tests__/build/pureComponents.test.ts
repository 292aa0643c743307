/** react-router's production build with its components marked free of side effects (webpack.config.ts). */
import { markPure } from '../../src/build/pureComponents';

describe('markPure', () => {
  it('marks forwardRef, memo and createContext calls as pure and drops the devtools names', () => {
    const source = [
      'var Link = React10.forwardRef(',
      '  function LinkWithRef() {}',
      ');',
      'Link.displayName = "Link";',
      'var MemoizedDataRoutes = React3.memo(DataRoutes2);',
      'var RouteContext = React.createContext(null);',
      'RouteContext.displayName = "Route";',
      '    FetcherForm2.displayName = "fetcher.Form";',
    ].join('\n');
    expect(markPure(source)).toBe(
      [
        'var Link = /* @__PURE__ */ React10.forwardRef(',
        '  function LinkWithRef() {}',
        ');',
        '',
        'var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);',
        'var RouteContext = /* @__PURE__ */ React.createContext(null);',
        '',
        // Inside a function: a statement with its effect, left alone.
        '    FetcherForm2.displayName = "fetcher.Form";',
      ].join('\n'),
    );
  });

  it('leaves other calls alone', () => {
    const source = 'var history = createBrowserHistory();\nvar x = React.useState(0);';
    expect(markPure(source)).toBe(source);
  });
});
