import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { ApartmentOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getCaptcha } from '../api/captcha';
import { login } from '../api/login';
import { getOrgInfo } from '../api/organizations';
import { encryptPassword } from '../../../api/password';
import type { Organization } from '../../../core/session/store';
import { CaptchaField } from './CaptchaField';
import { readLoginRejection } from './loginRejection';
import { forgetRememberedLogin, readRememberedLogin, saveRememberedLogin } from './rememberedLogin';
import styles from './LoginForm.module.css';

// Shown only after a refusal and after a click on "forgot password": loaded then, not with the page (issue 15).
const Alert = lazy(() => import('antd/es/alert'));
const Popover = lazy(() => import('antd/es/popover'));

/** The "forgot password" link; its hint (a popover) loads on the first click and opens then. */
function ForgotPasswordLink({ label, hint }: { label: string; hint: string }) {
  const [hintLoaded, setHintLoaded] = useState(false);
  const link = (
    // A link-styled button rather than Typography.Link: Typography (copy, edit, ellipsis) is not loaded before login.
    <Button type="link" className={styles.forgotLink} onClick={() => setHintLoaded(true)}>
      {label}
    </Button>
  );
  if (!hintLoaded) return link;
  return (
    <Suspense fallback={link}>
      <Popover trigger="click" content={hint} defaultOpen>
        {link}
      </Popover>
    </Suspense>
  );
}

interface LoginFormValues {
  userName: string;
  password: string;
  organizeId?: string;
  captchaCode?: string;
  remember: boolean;
}

/**
 * Shown in the password box when the password comes from "remember password": the box must not
 * look empty, and the stored value is ciphertext that cannot be shown. Typing replaces it.
 */
const REMEMBERED_PASSWORD_MASK = '\u2022'.repeat(8);

/** The login form (spec §2, §5): user, password, organisation, verification code, remember password. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<LoginFormValues>();
  const [remembered] = useState(readRememberedLogin);
  const [usesRememberedPassword, setUsesRememberedPassword] = useState(remembered !== undefined);
  /** The user name the organisation list was asked for: set when the user leaves the name box. */
  const [orgUserName, setOrgUserName] = useState(remembered?.userName ?? '');

  const organizations = useQuery({
    queryKey: ['login', 'organizations', orgUserName],
    queryFn: () => getOrgInfo(orgUserName),
    enabled: orgUserName !== '',
  });

  // Asked again for each user name: the server may want a code for this name only (the step-up).
  const captcha = useQuery({
    queryKey: ['login', 'captcha', orgUserName],
    queryFn: () => getCaptcha(orgUserName),
    staleTime: Infinity,
    gcTime: 0,
  });
  const captchaEnabled = captcha.data?.Enabled === true;

  useEffect(() => {
    const list = organizations.data;
    if (!list) return;
    const chosen = form.getFieldValue('organizeId');
    if (list.length === 1) form.setFieldValue('organizeId', list[0].Id);
    else if (chosen && !list.some((org) => org.Id === chosen)) form.setFieldValue('organizeId', undefined);
  }, [organizations.data, form]);

  const refreshCaptcha = () => {
    form.setFieldValue('captchaCode', undefined);
    void captcha.refetch();
  };

  const submit = useMutation({
    mutationFn: async ({ values, organization }: { values: LoginFormValues; organization: Organization }) => {
      // Encrypted here rather than inside login(): "remember password" keeps this ciphertext.
      const passwordCipher =
        usesRememberedPassword && remembered ? remembered.passwordCipher : await encryptPassword(values.password);
      await login(
        {
          UserName: values.userName.trim(),
          EncryptedPassword: passwordCipher,
          ...(captchaEnabled ? { CaptchaId: captcha.data?.CaptchaId, CaptchaCode: values.captchaCode?.trim() } : {}),
        },
        organization,
      );
      return { values, passwordCipher };
    },
    onSuccess: ({ values, passwordCipher }) => {
      if (values.remember) {
        saveRememberedLogin({ userName: values.userName.trim(), organizeId: values.organizeId, passwordCipher });
      } else {
        forgetRememberedLogin();
      }
      onLoggedIn();
    },
    onError: () => {
      // A captcha answers one attempt only; and a refused login can make one necessary (the step-up).
      refreshCaptcha();
    },
  });
  const rejection = readLoginRejection(submit.error);

  const submitLogin = async (values: LoginFormValues) => {
    // Enter pressed on a remembered login before its organisation list arrived: wait for the list.
    const list = organizations.data ?? (orgUserName ? (await organizations.refetch()).data : undefined);
    const organization = list?.find((org) => org.Id === values.organizeId);
    // A remembered organisation the user no longer belongs to: ask for a choice, as for an empty one.
    if (!organization) {
      form.setFields([{ name: 'organizeId', value: undefined, errors: [t('organization.required')] }]);
      return;
    }
    submit.mutate({ values, organization });
  };

  const commitUserName = () => setOrgUserName((form.getFieldValue('userName') ?? '').trim());

  /** The remembered password belongs to the remembered user only: another name needs its own password. */
  const dropRememberedPasswordIfOtherUser = (userName: string) => {
    if (usesRememberedPassword && userName.trim() !== remembered?.userName) {
      setUsesRememberedPassword(false);
      form.setFieldValue('password', undefined);
    }
  };

  return (
    <Form<LoginFormValues>
      form={form}
      name="login"
      size="large"
      autoComplete="on"
      initialValues={{
        userName: remembered?.userName,
        organizeId: remembered?.organizeId,
        password: remembered ? REMEMBERED_PASSWORD_MASK : undefined,
        remember: remembered !== undefined,
      }}
      onFinish={(values) => void submitLogin(values)}
    >
      {rejection && (
        <Suspense>
          <Alert
            className={styles.rejection}
            type="error"
            showIcon
            message={rejection.msg}
            // The count of wrong passwords for this user name; a refusal with none has no count to show.
            description={rejection.errorCount > 0 ? t('rejected.errorCount', { count: rejection.errorCount }) : undefined}
          />
        </Suspense>
      )}
      <Form.Item name="userName" rules={[{ required: true, whitespace: true, message: t('userName.required') }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('userName.placeholder')}
          aria-label={t('userName.placeholder')}
          autoComplete="username"
          maxLength={64}
          onChange={(event) => dropRememberedPasswordIfOtherUser(event.target.value)}
          onBlur={commitUserName}
          onPressEnter={commitUserName}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('password.required') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('password.placeholder')}
          aria-label={t('password.placeholder')}
          autoComplete="current-password"
          visibilityToggle={!usesRememberedPassword}
          onChange={() => setUsesRememberedPassword(false)}
        />
      </Form.Item>
      <Form.Item name="organizeId" rules={[{ required: true, message: t('organization.required') }]}>
        <Select
          aria-label={t('organization.placeholder')}
          placeholder={
            <span>
              <ApartmentOutlined /> {t('organization.placeholder')}
            </span>
          }
          loading={organizations.isFetching}
          options={(organizations.data ?? []).map((org) => ({ value: org.Id, label: org.OrganizeName }))}
          notFoundContent={orgUserName ? t('organization.none') : t('organization.enterUserFirst')}
          onOpenChange={(open) => open && commitUserName()}
        />
      </Form.Item>
      {captchaEnabled && (
        <Form.Item name="captchaCode" rules={[{ required: true, whitespace: true, message: t('captcha.required') }]}>
          <CaptchaField svg={captcha.data?.Image} onRefresh={refreshCaptcha} />
        </Form.Item>
      )}
      <div className={styles.optionsRow}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>{t('remember')}</Checkbox>
        </Form.Item>
        <ForgotPasswordLink label={t('forgot.link')} hint={t('forgot.hint')} />
      </div>
      <Form.Item className={styles.submitRow}>
        <Button type="primary" htmlType="submit" block loading={submit.isPending}>
          {t('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
