import { useDisclosure } from '../../../components/useDisclosure';
import { dashboardText } from '../text';

export type StudentKind = 'event' | 'regular' | 'other';

const welcomeTexts: Record<StudentKind, string> = {
  event: dashboardText.welcomeEvent,
  regular: dashboardText.welcomeRegular,
  other: dashboardText.welcomeDefault,
};

/** Greeting and the welcome text of the student's type; collapsible on small screens. */
export function WelcomeCard({ name, kind }: { name: string; kind: StudentKind }) {
  const [expanded, toggle] = useDisclosure('welcome-text');
  return (
    <section className="card border-0 shadow-sm mb-4">
      <div className="card-body">
        <h1 className="h4">{dashboardText.greeting(name)}</h1>
        <p id="welcome-text" className={`welcome-text mb-2${expanded ? '' : ' is-collapsed'}`}>
          {welcomeTexts[kind]}
        </p>
        <button className="btn btn-link p-0 d-md-none" {...toggle}>
          {expanded ? dashboardText.showLess : dashboardText.showMore}
        </button>
      </div>
    </section>
  );
}
