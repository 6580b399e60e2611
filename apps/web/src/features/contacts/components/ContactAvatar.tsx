/** A head picture, or the name's first character on the theme's colour when there is none. */
export function ContactAvatar({ src, name, size = 40 }: { src: string; name: string; size?: number }) {
  const style = { width: size, height: size };
  return src ? (
    <img className="mm-contact-avatar" src={src} alt="" style={style} />
  ) : (
    <span className="mm-contact-avatar" aria-hidden="true" style={{ ...style, fontSize: size * 0.42 }}>
      {name.trim().slice(0, 1) || '?'}
    </span>
  );
}
