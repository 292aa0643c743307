import { Link } from '../../../components/Link';
import { useAppSelector } from '../../../app/hooks';
import { Icon } from '../../../components/Icon';
import { Spinner } from '../../../components/Spinner';
import { dashboardText } from '../text';
import {
  selectCanSeePermateri,
  selectIsEventStudent,
  selectIsRegularStudent,
  selectProfilUser,
} from '../../../lib/student';
import { EventBanner, EventCards } from '../components/EventExtras';
import { WelcomeCard, type StudentKind } from '../components/WelcomeCard';
import { menuCards } from '../menuCards';

/** Dashboard (/home). */
export default function DashboardPage() {
  const user = useAppSelector(selectProfilUser);
  const event = useAppSelector(selectIsEventStudent);
  const regular = useAppSelector(selectIsRegularStudent);
  const canSeePermateri = useAppSelector(selectCanSeePermateri);
  if (!user) return <Spinner />;

  const kind: StudentKind = event ? 'event' : regular ? 'regular' : 'other';
  const cards = menuCards.filter((card) => card.id !== 'tryoutPermateri' || canSeePermateri);
  return (
    <>
      {event && <EventBanner />}
      <WelcomeCard name={user.nama_panggilan || user.nama_lengkap} kind={kind} />
      {event && <EventCards />}
      <h2 className="h5 mb-3">{dashboardText.menuTitle}</h2>
      <div className="row g-3">
        {cards.map((card) => (
          <div className="col-6 col-md-4 col-xl" key={card.id}>
            <div className="card menu-card h-100 text-center">
              <div className="card-body">
                <div className="text-primary">
                  <Icon name={card.icon} size={36} />
                </div>
                <h3 className="h6 card-title mt-2">
                  <Link to={card.to} className="stretched-link text-decoration-none">
                    {card.title}
                  </Link>
                </h3>
                <p className="card-text small text-body-secondary mb-0">{card.description}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}
