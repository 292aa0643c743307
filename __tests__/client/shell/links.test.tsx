/** The app's links (components/Link.tsx): in-app navigation, and the current page marked in the menu. */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Link, NavLink } from '../../../src/client/components/Link';

function Where() {
  return <output aria-label="lokasi">{useLocation().pathname}</output>;
}

function Menu({ at }: { at: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <nav>
        <NavLink to="/to" end className="nav-link">
          Tryout Paket
        </NavLink>
        <NavLink to="/hasil" className="nav-link">
          Hasil
        </NavLink>
        <Link to="/hasil/7/ptn">PTN</Link>
      </nav>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>
  );
}

describe('links', () => {
  it('go to their page inside the app', async () => {
    render(<Menu at="/home" />);
    await userEvent.setup().click(screen.getByRole('link', { name: 'PTN' }));
    expect(screen.getByRole('status', { name: 'lokasi' })).toHaveTextContent('/hasil/7/ptn');
    expect(screen.getByRole('link', { name: 'PTN' })).toHaveAttribute('href', '/hasil/7/ptn');
  });

  it('leave a click with Ctrl (a new tab) to the browser', () => {
    render(<Menu at="/home" />);
    fireEvent.click(screen.getByRole('link', { name: 'PTN' }), { ctrlKey: true });
    expect(screen.getByRole('status', { name: 'lokasi' })).toHaveTextContent('/home');
  });

  it('mark the page shown, and the pages below it unless `end`', () => {
    render(<Menu at="/hasil/7/ptn" />);
    expect(screen.getByRole('link', { name: 'Hasil' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Hasil' })).toHaveClass('nav-link active');
    expect(screen.getByRole('link', { name: 'Tryout Paket' })).not.toHaveAttribute('aria-current');
  });

  it('with `end`, mark only the page itself', () => {
    const { unmount } = render(<Menu at="/to" />);
    expect(screen.getByRole('link', { name: 'Tryout Paket' })).toHaveAttribute('aria-current', 'page');
    unmount();
    render(<Menu at="/to/3" />);
    expect(screen.getByRole('link', { name: 'Tryout Paket' })).not.toHaveClass('active');
  });
});
