import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function NotFound() {
  const { t } = useTranslation("shell");
  return (
    <div className="pg-card" style={{ maxWidth: 600 }}>
      <h1>{t("notFound.title")}</h1>
      <Link className="pg-btn pg-btn--primary" to="/">
        {t("notFound.back")}
      </Link>
    </div>
  );
}
