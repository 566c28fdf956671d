import { Icon, type IconName } from './Icon';

/** One centred card of a feature grid: an icon, a title and a line of text. */
export interface IconCard {
  title: string;
  text: string;
  icon: IconName;
}

export function IconCardGrid({
  items,
  columns,
  tone,
}: {
  items: readonly IconCard[];
  columns: 3 | 4;
  tone: 'gold' | 'gradient';
}) {
  return (
    <div className={`card-grid card-grid--${columns}`}>
      {items.map((item) => (
        <article key={item.title} className="card card--center">
          <span className={`card__icon card__icon--${tone}`}>
            <Icon name={item.icon} size={26} />
          </span>
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </article>
      ))}
    </div>
  );
}
