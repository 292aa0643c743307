import { externalLinks } from '../../../links';
import { dashboardText } from '../text';

/** The TO Akbar banner. */
export function EventBanner() {
  return (
    <section
      className="banner-akbar text-white rounded-3 p-4 mb-4 shadow-sm"
      aria-label={dashboardText.bannerAlt}
      data-testid="banner-akbar"
    >
      <h2 className="h3 fw-bold mb-1">{dashboardText.bannerTitle}</h2>
      <p className="mb-0">{dashboardText.bannerText}</p>
    </section>
  );
}

/** The two extra cards of event students: programme choices and chat, both external links. */
export function EventCards() {
  const cards = [
    {
      href: externalLinks.programAkbar,
      title: dashboardText.pilihanProgram,
      body: dashboardText.pilihanProgramText,
    },
    { href: externalLinks.chat, title: dashboardText.hubungiKami, body: dashboardText.hubungiKamiText },
  ];
  return (
    <div className="row g-3 mb-4">
      {cards.map((card) => (
        <div className="col-12 col-md-6" key={card.title}>
          <div className="card menu-card h-100">
            <div className="card-body">
              <h2 className="h5 card-title">
                <a href={card.href} target="_blank" rel="noopener noreferrer" className="stretched-link">
                  {card.title}
                </a>
              </h2>
              <p className="card-text text-body-secondary mb-0">{card.body}</p>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
