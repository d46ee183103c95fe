import { footerMessages } from '@portal/domain';

/** Every screen's disclaimer; plain markup, since index.html draws it too (frame.css). */
export function Footer() {
  return (
    <footer className="portal-footer">
      <div className="portal-container">
        <p className="portal-footer-text">{footerMessages.disclaimer}</p>
      </div>
    </footer>
  );
}
