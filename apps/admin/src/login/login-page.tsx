import { Alert, Box, Button, CardContent, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, Login, PasswordInput, required, TextInput, useLogin, useTranslate } from 'react-admin';
import { type LoginParams, LoginRefused } from '../auth-provider.ts';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { getAccessToken, getPermissions, hasBackOfficeAccess } from '../session.ts';

interface Failure {
  key: string;
  values: Record<string, unknown>;
}

/**
 * Staff sign in with their shop account: e-mail or telephone, and password. Refusals stay on the
 * card (wrong password, disabled account, no back-office access, too many tries) until the next try.
 */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  // Signed in on the storefront with a shopper's account: say why that is not enough here.
  const shopperSignedIn = Boolean(getAccessToken()) && !hasBackOfficeAccess(getPermissions());

  async function submit(values: Record<string, unknown>) {
    setPending(true);
    setFailure(null);
    try {
      await login(values as unknown as LoginParams);
    } catch (error) {
      setFailure(
        error instanceof LoginRefused
          ? { key: error.message, values: error.values }
          : { key: 'ra.auth.sign_in_error', values: {} },
      );
    } finally {
      setPending(false);
    }
  }

  return (
    <Login>
      <Typography component="h1" variant="h6" align="center" sx={{ px: 2 }}>
        {translate('kram.title')}
      </Typography>
      <Form onSubmit={submit} noValidate>
        <CardContent sx={{ width: { xs: 'calc(100vw - 48px)', sm: 340 }, maxWidth: 340 }}>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="login-error">
              {translate(failure.key, failure.values)}
            </Alert>
          ) : shopperSignedIn ? (
            <Alert severity="info" sx={{ mb: 2 }} data-testid="login-no-access">
              {translate('kram.auth.signed_in_without_access')}
            </Alert>
          ) : null}
          <TextInput
            autoFocus
            source="email_or_phone"
            label="kram.auth.email_or_phone"
            autoComplete="username"
            validate={required()}
          />
          <PasswordInput
            source="password"
            label="ra.auth.password"
            autoComplete="current-password"
            validate={required()}
          />
          <Button variant="contained" type="submit" color="primary" disabled={pending} fullWidth sx={{ mt: 2 }}>
            {pending ? <CircularProgress size={19} thickness={3} /> : translate('ra.auth.sign_in')}
          </Button>
        </CardContent>
      </Form>
      <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
        <LanguageSwitch color="primary" />
      </Box>
    </Login>
  );
}
