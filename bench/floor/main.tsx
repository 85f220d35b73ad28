/**
 * The bundle FLOOR: the least a page built on the mandated stack can ship. React,
 * react-dom, react-router, RTK, react-redux, redux-saga and the MUI components the /login page renders
 * (the page itself and its public layout: AppBar, Toolbar, Container, Box, Paper, Stack, Typography,
 * Alert, TextField, Button, Link; CssBaseline and a theme), wired the way the product wires them
 * (a store with a saga, a data router) and rendering a login-like form. No formik, yup, axios,
 * notistack: those are ours to pay for. bench/bundle.ts builds it with webpack in production mode.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link as RouterLink, RouterProvider } from 'react-router';
import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { Provider, useDispatch, useSelector } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { put, takeLatest } from 'redux-saga/effects';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { createTheme, ThemeProvider } from '@mui/material/styles';

const auth = createSlice({
  name: 'auth',
  initialState: { status: 'idle' as 'idle' | 'signingIn' | 'failed', user: '' },
  reducers: {
    signInRequested: (state, action: PayloadAction<string>) => {
      state.status = 'signingIn';
      state.user = action.payload;
    },
    signInFailed: (state) => {
      state.status = 'failed';
    },
  },
});

function* rootSaga() {
  yield takeLatest(auth.actions.signInRequested.type, function* () {
    yield put(auth.actions.signInFailed());
  });
}

const sagas = createSagaMiddleware();
const store = configureStore({ reducer: { auth: auth.reducer }, middleware: (gdm) => gdm().concat(sagas) });
sagas.run(rootSaga);
type State = ReturnType<typeof store.getState>;

function Login() {
  const status = useSelector((s: State) => s.auth.status);
  const dispatch = useDispatch();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="static" elevation={0} component="header">
        <Toolbar variant="dense">
          <Link component={RouterLink} to="/" color="inherit" underline="none">
            Floor
          </Link>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 3, flex: 1 }}>
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 420, mx: 'auto' }}>
          <Typography variant="h4" component="h1">
            Sign in
          </Typography>
          {status === 'failed' && <Alert severity="error">Sign-in failed</Alert>}
          <Box
            component="form"
            onSubmit={(e) => {
              e.preventDefault();
              dispatch(auth.actions.signInRequested(username));
            }}
          >
            <Stack spacing={2}>
              <TextField label="User name" value={username} onChange={(e) => setUsername(e.target.value)} required />
              <TextField label="Password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} required />
              <Button type="submit" variant="contained">
                Sign in
              </Button>
            </Stack>
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}

const router = createBrowserRouter([{ path: '*', Component: Login }]);
const theme = createTheme({ palette: { primary: { main: '#1b5e20' } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
