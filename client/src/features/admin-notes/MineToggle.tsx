/** The "mine" view of the applications list: only those the signed-in staff member looks after. */
export function MineToggle({ owner, onChange }: { owner: string; onChange: (owner: string) => void }) {
  const mine = owner === 'me';
  return (
    <button
      type="button"
      className={`admin-button ${mine ? 'admin-button--primary' : ''}`}
      aria-pressed={mine}
      onClick={() => onChange(mine ? '' : 'me')}
    >
      My applications
    </button>
  );
}
