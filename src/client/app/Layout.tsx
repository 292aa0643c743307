import { Suspense, useEffect, useRef, useState } from 'react';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Outlet } from 'react-router-dom';
import { Link, NavLink } from '../components/Link';
import { Avatar } from '../components/Avatar';
import { Spinner } from '../components/Spinner';
import { logoutRequested } from '../features/auth/slice';
import { selectIdSiswa } from '../session/events';
import { selectProfileLoadStatus, selectProfilUser } from '../features/profile/selectors';
import { profileRequested } from '../features/profile/slice';
import { lacksStudentType, selectCanSeePermateri } from '../lib/student';
import { PRODUCT_NAME, text } from '../text';
import { useAppDispatch, useAppSelector } from './hooks';
import { navEntries } from './navigation';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import { useLeaveWarning } from './useLeaveWarning';
import { LaporkanMasalah } from '../features/laporan/LaporkanMasalah';
import { bukaLaporan } from '../lib/laporanDibuka';
import { EKSPOR_MAKS_BYTES } from '../../contract/laporanBatas';
import { sessionHistory } from './storeCore';
import { exportText } from '../lib/sessionExport';
import { exportReplacer } from './devtools';

/** The build the page runs (webpack's DefinePlugin; `dev` outside a build). */
const VERSI = process.env.SIAPTES_VERSI ?? 'dev';
const rekamanSesi = () => exportText(sessionHistory, exportReplacer, EKSPOR_MAKS_BYTES);

/** Layout: navbar with logo, Home, avatar menu; on small screens an off-canvas menu with the student. */
export default function Layout() {
  useLeaveWarning();
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectProfilUser);
  const idSiswa = useAppSelector(selectIdSiswa);
  const loadStatus = useAppSelector(selectProfileLoadStatus);
  const canSeePermateri = useAppSelector(selectCanSeePermateri);
  const entries = navEntries.filter((entry) => !entry.perMateri || canSeePermateri);
  const [menuOpen, setMenuOpen] = useState(false);

  // The profile is persisted; fetch it when it is missing or belongs to another session.
  const profileMissing = idSiswa !== null && (user?.id !== idSiswa || lacksStudentType(user));
  useEffect(() => {
    if (profileMissing && loadStatus !== 'loading' && loadStatus !== 'failed') dispatch(profileRequested());
  }, [profileMissing, loadStatus, dispatch]);

  const closeMenu = () => setMenuOpen(false);
  const signOut = () => {
    closeMenu();
    dispatch(logoutRequested());
  };
  const fullName = user?.nama_lengkap ?? '';

  return (
    <>
      <Navbar
        expand="lg"
        sticky="top"
        className="bg-body border-bottom shadow-sm"
        expanded={menuOpen}
        onToggle={setMenuOpen}
      >
        <Container>
          <Navbar.Brand as={Link} to="/home" onClick={closeMenu}>
            <img src="/logo.svg" alt={PRODUCT_NAME} height={32} width={128} />
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-menu" label={text.nav.openMenu} />
          <Navbar.Offcanvas id="main-menu" aria-labelledby="main-menu-title" placement="end">
            <Offcanvas.Header closeButton>
              <Offcanvas.Title id="main-menu-title">{text.nav.menu}</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="align-items-lg-center">
              <div
                className="d-lg-none d-flex align-items-center gap-3 pb-3 mb-2 border-bottom"
                data-testid="mobile-user"
              >
                <Avatar name={fullName} photoUrl={user?.photo_url} size={44} />
                <div>
                  <div className="fw-semibold">{fullName}</div>
                  <div className="text-body-secondary small">{user?.username}</div>
                </div>
              </div>
              <Nav className="me-auto">
                <Nav.Link as={NavLink} to="/home" end className="d-none d-lg-block">
                  {text.nav.home}
                </Nav.Link>
                {entries.map((entry) => (
                  <Nav.Link
                    key={entry.to}
                    as={NavLink}
                    to={entry.to}
                    end={entry.to === '/to'}
                    onClick={closeMenu}
                    className={entry.to === '/home' ? 'd-lg-none' : undefined}
                  >
                    {entry.label}
                  </Nav.Link>
                ))}
              </Nav>
              <Nav className="d-lg-none border-top pt-2 mt-2">
                <Nav.Link as={NavLink} to="/profil" onClick={closeMenu}>
                  {text.nav.profil}
                </Nav.Link>
                <Nav.Link
                  as="button"
                  type="button"
                  className="text-start"
                  onClick={() => {
                    closeMenu();
                    bukaLaporan();
                  }}
                >
                  {text.laporan.buka}
                </Nav.Link>
                <Nav.Link as="button" type="button" className="text-start text-danger" onClick={signOut}>
                  {text.logout.signOut}
                </Nav.Link>
              </Nav>
              <Nav className="d-none d-lg-flex">
                <NavDropdown
                  id="account-menu"
                  align="end"
                  title={
                    <span className="d-inline-flex align-items-center gap-2">
                      <Avatar name={fullName} photoUrl={user?.photo_url} size={32} />
                      <span className="visually-hidden">{`${text.nav.akun} ${fullName}`}</span>
                    </span>
                  }
                >
                  <NavDropdown.Header>
                    <div className="fw-semibold text-body">{fullName}</div>
                    <div className="small">{user?.username}</div>
                  </NavDropdown.Header>
                  <NavDropdown.Item as={Link} to="/profil">
                    {text.nav.profil}
                  </NavDropdown.Item>
                  <NavDropdown.Item as="button" onClick={bukaLaporan}>
                    {text.laporan.buka}
                  </NavDropdown.Item>
                  <NavDropdown.Divider />
                  <NavDropdown.Item as="button" onClick={signOut}>
                    {text.logout.signOut}
                  </NavDropdown.Item>
                </NavDropdown>
              </Nav>
            </Offcanvas.Body>
          </Navbar.Offcanvas>
        </Container>
      </Navbar>
      <LaporkanMasalah rekaman={rekamanSesi} versi={VERSI} />
      <main className="container py-4" ref={mainRef} tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
