import './section-header.css';

export function SectionHeader({
  eyebrow,
  title,
  lead,
  id,
  light = false,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  id?: string;
  light?: boolean;
}) {
  return (
    <header className={light ? 'section-header section-header--light' : 'section-header'}>
      {eyebrow ? <p className={light ? 'eyebrow eyebrow--light' : 'eyebrow'}>{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {lead ? <p className="section-header__lead">{lead}</p> : null}
    </header>
  );
}
