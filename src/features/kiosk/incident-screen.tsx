import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import Camera from 'lucide-react/icons/camera';
import ImagePlus from 'lucide-react/icons/image-plus';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from 'reactstrap';
import * as yup from 'yup';
import { useAppDispatch } from '../../app/hooks';
import { dateTimeInputText, incidentTimeText, readDateTimeInput } from '../../lib/device-time';
import type { GuardAppIncidentType } from '@contract/guard-app';
import { PHOTO_TOO_LARGE, PHOTO_TYPES, photoProblem } from '@rules/files';
import { isInFuture, MAX_REPORT_PHOTOS } from '@rules/incidents';
import { useDeviceLocation } from './device-location';
import { newIdempotencyKey } from './incident-outbox';
import { IncidentTimeField } from './incident-time-field';
import { useFailureText } from './kiosk-failure';
import { KioskField } from './kiosk-field';
import { KioskFormActions } from './kiosk-form-actions';
import { useKioskNames } from './kiosk-names';
import { useOutbox } from './kiosk-outbox';
import { KioskScreen, useFocusOnMount } from './kiosk-screen';
import { loadIncidentTypes, stepChosen } from './kiosk-slice';
import { WebcamCapture } from './webcam-capture';
import { useObjectUrl } from '../../components/use-object-url';

interface IncidentValues {
  incidentType: string;
  description: string;
  /** A datetime-local value, the device's time. */
  when: string;
  photos: File[];
  /** A photo taken with the camera and not yet added: it goes with the report all the same. */
  taken: File | null;
}

function incidentSchema(t: TFunction<'kiosk'>) {
  return yup.object({
    incidentType: yup.string().required(t('incident.typeRequired')),
    description: yup.string().trim().required(t('incident.descriptionRequired')),
    when: yup
      .string()
      .required(t('incident.whenRequired'))
      .test(
        'a-time',
        t('incident.whenRequired'),
        (value) => readDateTimeInput(value ?? '') !== null,
      )
      .test('not-future', t('incident.whenInFuture'), (value) => {
        const date = readDateTimeInput(value ?? '');
        return date === null || !isInFuture(date.getTime(), Date.now());
      }),
  });
}

/** A chosen photo, shown from memory; its object URL lives as long as the thumbnail. */
function PhotoThumbnail({
  photo,
  number,
  onRemove,
}: {
  photo: File;
  number: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation('kiosk');
  const url = useObjectUrl(photo) ?? '';
  return (
    <li className="kiosk-photo">
      <img src={url} alt={t('incident.photoAlt', { number })} />
      <Button color="link" className="text-danger" onClick={onRemove}>
        {t('incident.removePhoto', { number })}
      </Button>
    </li>
  );
}

/** Up to MAX_REPORT_PHOTOS photos, from the kiosk's camera or from files. */
function IncidentPhotos() {
  const { t } = useTranslation('kiosk');
  const { values, setFieldValue, isSubmitting } = useFormikContext<IncidentValues>();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraButton = useRef<HTMLButtonElement>(null);
  const room = MAX_REPORT_PHOTOS - values.photos.length;

  const setPhotos = (photos: File[]) => void setFieldValue('photos', photos);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // Emptied so that choosing the same file again is still a change.
    event.target.value = '';
    const refusals: string[] = [];
    const accepted: File[] = [];
    for (const file of chosen) {
      const problem = photoProblem(file);
      if (problem) {
        refusals.push(
          problem === PHOTO_TOO_LARGE
            ? t('incident.photoTooLarge', { name: file.name })
            : t('incident.photoType', { name: file.name }),
        );
      } else accepted.push(file);
    }
    if (accepted.length > room) refusals.push(t('incident.tooMany', { max: MAX_REPORT_PHOTOS }));
    setProblems(refusals);
    setPhotos([...values.photos, ...accepted.slice(0, room)]);
  }

  function addTaken(photo: File) {
    setPhotos([...values.photos, photo]);
    setProblems([]);
    setCameraOpen(false);
    cameraButton.current?.focus();
  }

  return (
    <fieldset className="kiosk-field">
      <legend className="kiosk-label">{t('incident.photos', { max: MAX_REPORT_PHOTOS })}</legend>
      {values.photos.length > 0 ? (
        <ul className="kiosk-photos">
          {values.photos.map((photo, index) => (
            <PhotoThumbnail
              key={`${photo.name}-${index}`}
              photo={photo}
              number={index + 1}
              onRemove={() => setPhotos(values.photos.filter((_, at) => at !== index))}
            />
          ))}
        </ul>
      ) : null}
      {problems.length > 0 ? (
        <div role="alert" className="kiosk-error">
          {problems.map((problem) => (
            <p key={problem} className="mb-1">
              {problem}
            </p>
          ))}
        </div>
      ) : null}
      {cameraOpen ? (
        <WebcamCapture
          facingMode="environment"
          fileName={`incident-photo-${values.photos.length + 1}.jpg`}
          confirmLabel={t('incident.addPhoto')}
          onConfirm={addTaken}
          onTakenChange={(photo) => void setFieldValue('taken', photo, false)}
        />
      ) : null}
      {values.taken ? <p className="kiosk-hint">{t('incident.takenGoesWithReport')}</p> : null}
      <div className="kiosk-actions">
        <Button
          innerRef={cameraButton}
          type="button"
          color="secondary"
          outline
          size="lg"
          className="kiosk-button"
          disabled={isSubmitting || (!cameraOpen && room === 0)}
          onClick={() => setCameraOpen((open) => !open)}
        >
          <Camera size={24} aria-hidden="true" />
          {cameraOpen ? t('incident.closeCamera') : t('incident.useCamera')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={PHOTO_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={choose}
        />
        <Button
          type="button"
          color="secondary"
          outline
          size="lg"
          className="kiosk-button"
          disabled={isSubmitting || room === 0}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus size={24} aria-hidden="true" />
          {t('incident.choosePhotos')}
        </Button>
      </div>
    </fieldset>
  );
}

/** Said once a report is sent, or kept to be sent when the connection returns. */
function ReportDone({ outcome }: { outcome: 'sent' | 'waiting' }) {
  const { t } = useTranslation('kiosk');
  const dispatch = useAppDispatch();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className={`kiosk-done kiosk-done-${outcome}`}>
      <h2 ref={heading} tabIndex={-1} className="kiosk-subtitle">
        {outcome === 'sent' ? t('incident.sentTitle') : t('incident.waitingTitle')}
      </h2>
      <p className="kiosk-lead">
        {outcome === 'sent' ? t('incident.sentText') : t('incident.waitingText')}
      </p>
      <Button
        color="primary"
        size="lg"
        className="kiosk-button"
        onClick={() => dispatch(stepChosen({ name: 'menu' }))}
      >
        {t('common.backToMenu')}
      </Button>
    </div>
  );
}

type TypesState =
  | { status: 'loading' }
  | { status: 'loaded'; types: GuardAppIncidentType[] }
  | { status: 'failed'; failure: unknown };

/**
 * An incident report from the guardhouse. It goes through the kiosk's outbox: sent at once when
 * the connection allows, else kept on the kiosk and sent when it returns.
 */
export function IncidentScreen({ siteUuid, guardToken }: { siteUuid: string; guardToken: string }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const names = useKioskNames();
  const dispatch = useAppDispatch();
  const outbox = useOutbox();
  const location = useDeviceLocation();
  const [types, setTypes] = useState<TypesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<'sent' | 'waiting' | null>(null);
  const schema = useMemo(() => incidentSchema(t), [t]);
  const [initialValues] = useState<IncidentValues>(() => ({
    incidentType: '',
    description: '',
    when: dateTimeInputText(new Date()),
    photos: [],
    taken: null,
  }));

  useEffect(() => {
    let current = true;
    dispatch(loadIncidentTypes())
      .unwrap()
      .then(
        (loaded) => {
          if (current) setTypes({ status: 'loaded', types: loaded });
        },
        (failure: unknown) => {
          if (current) setTypes({ status: 'failed', failure });
        },
      );
    return () => {
      current = false;
    };
  }, [dispatch, attempt]);

  async function submit(values: IncidentValues, helpers: FormikHelpers<IncidentValues>) {
    const incidentAt = readDateTimeInput(values.when) ?? new Date();
    // A photo taken is evidence the guard meant to keep: it is sent, never dropped unsaid.
    const photos = values.taken ? [...values.photos, values.taken] : values.photos;
    if (photos.length > MAX_REPORT_PHOTOS) {
      helpers.setStatus(t('incident.takenNoRoom', { max: MAX_REPORT_PHOTOS }));
      return;
    }
    helpers.setStatus(null);
    try {
      const result = await outbox.submit({
        guardToken,
        siteUuid,
        report: {
          idempotencyKey: newIdempotencyKey(),
          incidentType: values.incidentType,
          description: values.description.trim(),
          incidentAt: incidentTimeText(incidentAt),
          reportedAt: new Date().toISOString(),
          photos,
          position: await location(),
        },
      });
      if (result.status === 'refused') helpers.setStatus(failureText(result.failure));
      else setOutcome(result.status);
    } catch {
      helpers.setStatus(t('incident.notKept'));
    }
  }

  return (
    <KioskScreen title={t('incident.title')}>
      {outcome ? (
        <ReportDone outcome={outcome} />
      ) : (
        <Formik initialValues={initialValues} validationSchema={schema} onSubmit={submit}>
          {({ isSubmitting, status }) => (
            <Form noValidate aria-label={t('incident.title')}>
              {types.status === 'failed' ? (
                <Alert color="danger" fade={false}>
                  {t('incident.typesFailed')} {failureText(types.failure)}{' '}
                  <Button
                    color="danger"
                    outline
                    className="kiosk-button"
                    onClick={() => {
                      setTypes({ status: 'loading' });
                      setAttempt((value) => value + 1);
                    }}
                  >
                    {t('common.retry')}
                  </Button>
                </Alert>
              ) : null}
              <fieldset disabled={isSubmitting}>
                <KioskField name="incidentType" label={t('incident.type')} type="select">
                  <option value="">
                    {types.status === 'loading' ? t('common.loading') : t('incident.chooseType')}
                  </option>
                  {types.status === 'loaded'
                    ? types.types.map((type) => (
                        <option key={type.key} value={type.key}>
                          {names.incidentType(type.label)}
                        </option>
                      ))
                    : null}
                </KioskField>
                <KioskField
                  name="description"
                  label={t('incident.description')}
                  type="textarea"
                  rows={4}
                />
                <IncidentTimeField name="when" />
              </fieldset>
              <IncidentPhotos />
              <KioskFormActions
                problem={typeof status === 'string' ? status : null}
                progress={t('incident.sending')}
                busy={isSubmitting}
                backLabel={t('common.backToMenu')}
                onBack={() => dispatch(stepChosen({ name: 'menu' }))}
                submitLabel={t('incident.send')}
              />
            </Form>
          )}
        </Formik>
      )}
    </KioskScreen>
  );
}
