/** A member's drawn avatar: the first letter of the name on a colour picked from the id. */
export function Avatar({ id, name, size = 36 }: { id: string; name: string; size?: number }) {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const initial = [...name.trim()][0]?.toUpperCase() ?? "?";
  return (
    <svg
      className="pg-avatar"
      width={size}
      height={size}
      viewBox="0 0 36 36"
      aria-hidden="true"
      data-testid="member-avatar"
    >
      <circle cx="18" cy="18" r="18" fill={`hsl(${h % 360} 55% 38%)`} />
      <text x="18" y="24" textAnchor="middle" fontSize="17" fontWeight="800" fill="#fff">
        {initial}
      </text>
    </svg>
  );
}
