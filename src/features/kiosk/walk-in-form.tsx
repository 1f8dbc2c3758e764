import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import Camera from 'lucide-react/icons/camera';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from 'reactstrap';
import type { DirectoryOption } from '../../api/guard-app';
import { useAppDispatch } from '../../app/hooks';
import {
  ACCESS_CARD_NUMBER_MAX_LENGTH,
  TEMPERATURE_RANGE,
  WALK_IN_MESSAGES,
  walkInProblem,
} from '@rules/walk-ins';
import type {
  GuardAppHost,
  GuardAppUnit,
  GuardAppVisitor,
  GuardAppVisitorType,
} from '@contract/guard-app';
import { useFailureText } from './kiosk-failure';
import { KioskField } from './kiosk-field';
import { KioskFormActions } from './kiosk-form-actions';
import { useKioskNames } from './kiosk-names';
import { useFocusOnMount } from './kiosk-screen';
import {
  loadBlocks,
  loadFloors,
  loadHosts,
  loadUnits,
  loadVisitorTypes,
  registerWalkIn,
} from './kiosk-slice';
import { WebcamCapture } from './webcam-capture';
import { useObjectUrl } from '../../components/use-object-url';

interface WalkInValues {
  visitorTypeId: string;
  block: string;
  floor: string;
  unitUuid: string;
  /** The chosen host's id in the unit's directory, or '' for none. */
  hostId: string;
  /** That host's login id, which the registration names; '' when the host has none. */
  hostUserId: string;
  name: string;
  phone: string;
  icPassportNo: string;
  vehicleNumber: string;
  accessCardNumber: string;
  temperature: string;
  photo: File | null;
}

const EMPTY: WalkInValues = {
  visitorTypeId: '',
  block: '',
  floor: '',
  unitUuid: '',
  hostId: '',
  hostUserId: '',
  name: '',
  phone: '',
  icPassportNo: '',
  vehicleNumber: '',
  accessCardNumber: '',
  temperature: '',
  photo: null,
};

/**
 * The field each of the shared rules' messages is about, and the kiosk's words for it. The form
 * asks for no email, so the email's message cannot arise.
 */
const PROBLEMS = {
  typeRequired: { field: 'visitorTypeId', key: 'walkIn.typeRequired' },
  unitRequired: { field: 'unitUuid', key: 'walkIn.unitRequired' },
  nameRequired: { field: 'name', key: 'walkIn.nameRequired' },
  phoneDigits: { field: 'phone', key: 'walkIn.phoneDigits' },
  temperatureInvalid: { field: 'temperature', key: 'walkIn.temperatureInvalid' },
  accessCardTooLong: { field: 'accessCardNumber', key: 'walkIn.accessCardTooLong' },
} as const satisfies Partial<
  Record<keyof typeof WALK_IN_MESSAGES, { field: keyof WalkInValues; key: string }>
>;

/**
 * The registration's rules are the server's (src/lib/rules/walk-ins.ts), so the form cannot let
 * through what the server refuses; the first problem shows under its field, in the kiosk's words.
 */
/** The largest value the message of `field` names: a temperature, or a card number's length. */
function maxOf(field: keyof WalkInValues): number {
  return field === 'accessCardNumber' ? ACCESS_CARD_NUMBER_MAX_LENGTH : TEMPERATURE_RANGE.max;
}

function validateWith(t: TFunction<'kiosk'>) {
  return (values: WalkInValues): Partial<Record<keyof WalkInValues, string>> => {
    const problem = walkInProblem({ ...values, email: '' });
    const known = Object.entries(PROBLEMS).find(
      ([name]) => WALK_IN_MESSAGES[name as keyof typeof PROBLEMS] === problem,
    );
    if (!known) return {};
    const [, { field, key }] = known;
    return { [field]: t(key, { ...TEMPERATURE_RANGE, max: maxOf(field) }) };
  };
}

/**
 * Options of one picker that hang on another's choice: loaded again whenever `key` changes, none
 * while it is null.
 */
function useOptions<T>(key: string | null, load: () => Promise<T[]>) {
  const [options, setOptions] = useState<T[]>([]);
  const [failure, setFailure] = useState<unknown>(null);
  // The loader of this render; `key` alone says when it asks for something else.
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    let current = true;
    setOptions([]);
    setFailure(null);
    if (key === null) return;
    loadRef.current().then(
      (loaded) => {
        if (current) setOptions(loaded);
      },
      (refusal: unknown) => {
        if (current) setFailure(refusal);
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return { options, failure };
}

/** Block, then floor, then unit, then (optionally) the host, each loaded on the choice before. */
function UnitDirectory() {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const dispatch = useAppDispatch();
  const { values, setValues } = useFormikContext<WalkInValues>();
  const { block, floor, unitUuid } = values;

  const blocks = useOptions<DirectoryOption>('blocks', () => dispatch(loadBlocks()).unwrap());
  const floors = useOptions<DirectoryOption>(block || null, () =>
    dispatch(loadFloors(block)).unwrap(),
  );
  const units = useOptions<GuardAppUnit>(
    block && floor ? JSON.stringify([block, floor]) : null,
    () => dispatch(loadUnits({ block, floor })).unwrap(),
  );
  const hosts = useOptions<GuardAppHost>(unitUuid || null, () =>
    dispatch(loadHosts(unitUuid)).unwrap(),
  );
  const failure = blocks.failure ?? floors.failure ?? units.failure ?? hosts.failure;

  /** A choice empties the choices below it. */
  const choose =
    (field: 'block' | 'floor' | 'unitUuid', below: Array<keyof WalkInValues>) =>
    (event: ChangeEvent<HTMLInputElement>) =>
      void setValues({
        ...values,
        ...Object.fromEntries(below.map((name) => [name, ''])),
        [field]: event.target.value,
      });

  return (
    <fieldset className="kiosk-directory">
      <legend className="kiosk-label">{t('walkIn.visiting')}</legend>
      {failure ? (
        <p role="alert" className="kiosk-error">
          {t('walkIn.directoryFailed')} {failureText(failure)}
        </p>
      ) : null}
      <KioskField
        name="block"
        label={t('walkIn.block')}
        type="select"
        onChange={choose('block', ['floor', 'unitUuid', 'hostId', 'hostUserId'])}
      >
        <option value="">{t('walkIn.chooseBlock')}</option>
        {blocks.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </KioskField>
      <KioskField
        name="floor"
        label={t('walkIn.floor')}
        type="select"
        disabled={!block}
        onChange={choose('floor', ['unitUuid', 'hostId', 'hostUserId'])}
      >
        <option value="">{t('walkIn.chooseFloor')}</option>
        {floors.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </KioskField>
      <KioskField
        name="unitUuid"
        label={t('walkIn.unit')}
        type="select"
        disabled={!floor}
        onChange={choose('unitUuid', ['hostId', 'hostUserId'])}
      >
        <option value="">{t('walkIn.chooseUnit')}</option>
        {units.options.map((unit) => (
          <option key={unit.uuid} value={unit.uuid}>
            {unit.display_label}
          </option>
        ))}
      </KioskField>
      <KioskField
        name="hostId"
        label={t('walkIn.host')}
        type="select"
        disabled={!unitUuid}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const host = hosts.options.find(({ id }) => String(id) === event.target.value);
          void setValues({
            ...values,
            hostId: event.target.value,
            // A registration names its host by login (guest_of_user_id), when the host has one.
            hostUserId: host?.user_id == null ? '' : String(host.user_id),
          });
        }}
      >
        <option value="">{t('walkIn.noHost')}</option>
        {hosts.options.map((host) => (
          <option key={host.id} value={String(host.id)}>
            {host.name}
          </option>
        ))}
      </KioskField>
    </fieldset>
  );
}

/** The visitor's photo from the kiosk's camera: optional, retaken or removed at will. */
function VisitorPhoto() {
  const { t } = useTranslation('kiosk');
  const { values, setFieldValue, isSubmitting } = useFormikContext<WalkInValues>();
  const [cameraOpen, setCameraOpen] = useState(false);
  const url = useObjectUrl(values.photo);

  return (
    <fieldset className="kiosk-field">
      <legend className="kiosk-label">{t('walkIn.photo')}</legend>
      {url ? <img src={url} alt={t('walkIn.photoAlt')} className="kiosk-walk-in-photo" /> : null}
      {cameraOpen ? (
        <WebcamCapture
          facingMode="user"
          fileName="walk-in-photo.jpg"
          confirmLabel={t('walkIn.usePhoto')}
          onConfirm={(photo) => {
            void setFieldValue('photo', photo);
            setCameraOpen(false);
          }}
        />
      ) : null}
      <div className="kiosk-actions">
        <Button
          type="button"
          color="secondary"
          outline
          size="lg"
          className="kiosk-button"
          disabled={isSubmitting}
          onClick={() => setCameraOpen((open) => !open)}
        >
          <Camera size={24} aria-hidden="true" />
          {cameraOpen ? t('walkIn.closeCamera') : t('walkIn.useCamera')}
        </Button>
        {values.photo && !cameraOpen ? (
          <Button
            type="button"
            color="link"
            size="lg"
            className="kiosk-button text-danger"
            disabled={isSubmitting}
            onClick={() => void setFieldValue('photo', null)}
          >
            {t('walkIn.removePhoto')}
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}

/**
 * Registers a visitor who came without a pass, checked in at once: the unit visited from the
 * site's directory, the visitor's type, details and photo. `onClose` hears the registered
 * visitor, or null when the guard went back without one.
 */
export function WalkInForm({ onClose }: { onClose: (registered: GuardAppVisitor | null) => void }) {
  const { t } = useTranslation('kiosk');
  const failureText = useFailureText();
  const names = useKioskNames();
  const dispatch = useAppDispatch();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const validate = useMemo(() => validateWith(t), [t]);
  const [types, setTypes] = useState<GuardAppVisitorType[]>([]);
  const [typesFailure, setTypesFailure] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    dispatch(loadVisitorTypes())
      .unwrap()
      .then(
        (loaded) => {
          if (current) setTypes(loaded);
        },
        (failure: unknown) => {
          if (current) setTypesFailure(failure);
        },
      );
    return () => {
      current = false;
    };
  }, [dispatch]);

  async function submit(values: WalkInValues, helpers: FormikHelpers<WalkInValues>) {
    helpers.setStatus(null);
    try {
      const visitor = await dispatch(
        registerWalkIn({
          visitorTypeId: Number(values.visitorTypeId),
          unitUuid: values.unitUuid,
          hostUserId: values.hostUserId ? Number(values.hostUserId) : null,
          name: values.name,
          phone: values.phone,
          icPassportNo: values.icPassportNo,
          vehicleNumber: values.vehicleNumber,
          accessCardNumber: values.accessCardNumber,
          temperature: values.temperature,
          photo: values.photo,
        }),
      ).unwrap();
      onClose(visitor);
    } catch (failure) {
      helpers.setStatus(failureText(failure));
    }
  }

  return (
    <section className="kiosk-walk-in" aria-labelledby="kiosk-walk-in-title">
      <h2 id="kiosk-walk-in-title" ref={heading} tabIndex={-1} className="kiosk-subtitle">
        {t('walkIn.title')}
      </h2>
      <Formik initialValues={EMPTY} validate={validate} onSubmit={submit}>
        {({ isSubmitting, status }) => (
          <Form noValidate aria-labelledby="kiosk-walk-in-title">
            {typesFailure ? (
              <Alert color="danger" fade={false}>
                {t('walkIn.typesFailed')} {failureText(typesFailure)}
              </Alert>
            ) : null}
            <fieldset disabled={isSubmitting}>
              <KioskField name="visitorTypeId" label={t('walkIn.type')} type="select">
                <option value="">{t('walkIn.chooseType')}</option>
                {types.map((type) => (
                  <option key={type.id} value={String(type.id)}>
                    {names.visitorType(type.name)}
                  </option>
                ))}
              </KioskField>
              <UnitDirectory />
              <KioskField name="name" label={t('walkIn.name')} autoComplete="off" />
              <KioskField name="phone" label={t('walkIn.phone')} type="tel" autoComplete="off" />
              <KioskField name="icPassportNo" label={t('walkIn.ic')} autoComplete="off" />
              <KioskField name="vehicleNumber" label={t('walkIn.plate')} autoComplete="off" />
              <KioskField
                name="accessCardNumber"
                label={t('walkIn.accessCard')}
                autoComplete="off"
                maxLength={ACCESS_CARD_NUMBER_MAX_LENGTH}
              />
              <KioskField
                name="temperature"
                label={t('walkIn.temperature')}
                inputMode="decimal"
                autoComplete="off"
              />
            </fieldset>
            <VisitorPhoto />
            <KioskFormActions
              problem={typeof status === 'string' ? status : null}
              progress={t('walkIn.registering')}
              busy={isSubmitting}
              backLabel={t('common.back')}
              onBack={() => onClose(null)}
              submitLabel={t('walkIn.submit')}
            />
          </Form>
        )}
      </Formik>
    </section>
  );
}
