import { useTranslation } from 'react-i18next';
import type { GuardAppVisitor } from '@contract/guard-app';
import { useKioskFormat } from './kiosk-format';
import { useKioskNames } from './kiosk-names';

/** Who a visitor is and whom they visit, as the gate's lists and its desk show them. */
export function GateVisitor({ visitor }: { visitor: GuardAppVisitor }) {
  const { t } = useTranslation('kiosk');
  const format = useKioskFormat();
  const names = useKioskNames();
  const expected = [format.time(visitor.eta_arrival), format.time(visitor.eta_exit)]
    .filter(Boolean)
    .join(' – ');
  const details: Array<[string, string]> = [
    [t('gate.unit'), visitor.unit?.display_label ?? ''],
    [t('gate.host'), visitor.host_name],
    [t('gate.category'), visitor.category ? names.visitorType(visitor.category) : ''],
    [t('gate.vehicle'), visitor.vehicle_number],
    [t('gate.expected'), expected],
    [t('gate.arrived'), format.time(visitor.actual_arrival_time)],
  ];
  return (
    <div className="kiosk-visitor-details">
      {visitor.photo_url ? (
        <img src={visitor.photo_url} alt="" className="kiosk-visitor-photo" />
      ) : null}
      <div>
        <p className="kiosk-visitor-name">{visitor.name}</p>
        <dl className="kiosk-visitor-fields">
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </div>
    </div>
  );
}
