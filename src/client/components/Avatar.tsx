/** The student's photo, or their initials in a circle when there is none. */
export function Avatar({ name, photoUrl, size = 36 }: { name: string; photoUrl?: string; size?: number }) {
  const style = { width: size, height: size };
  if (photoUrl) {
    return <img src={photoUrl} alt="" className="rounded-circle object-fit-cover" style={style} />;
  }
  const initials =
    name
      .split(/\s+/)
      .filter((part) => part !== '')
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?';
  return (
    <span
      aria-hidden="true"
      className="rounded-circle bg-primary text-white d-inline-flex align-items-center justify-content-center fw-semibold"
      style={{ ...style, fontSize: size * 0.4 }}
    >
      {initials}
    </span>
  );
}
