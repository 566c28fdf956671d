export function LogoMark({ size = 40 }: { size?: number }) {
  return <img className="logo-mark" src="/images/brand/logo.svg" width={size} height={size} alt="" />;
}
