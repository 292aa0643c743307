/** The SiapTes API contract: every call of the API. */
export * from './common';
export * from './auth';
export * from './profile';
export * from './jadwal';
export * from './tryoutPaket';
export * from './tryoutMateri';
export * from './hasil';
export * from './ranking';
export * from './htmlSoal';

import { loginCall, logoutCall } from './auth';
import { profileUserCall } from './profile';
import { jadwalCurrentCall, jadwalFutureCall, jadwalPreviousCall } from './jadwal';
import {
  endPaketCall,
  previewPaketCall,
  saveAnswerPaketCall,
  startPaketCall,
  statusMapelCall,
} from './tryoutPaket';
import {
  endMateriCall,
  hasilMateriCall,
  hasilMateriListCall,
  materiKategoriCall,
  materiListCall,
  materiMapelCall,
  pembahasanMateriCall,
  saveAnswerMateriCall,
  startMateriCall,
} from './tryoutMateri';
import {
  generateHasilMapelCall,
  hasilJadwalCall,
  hasilKategoriCall,
  hasilListCall,
  hasilPtnCall,
  hasilSkorCall,
  pembahasanCall,
} from './hasil';
import { rankingJurusanCall, rankingPaketCall, rankingPaketListCall } from './ranking';

/** Every call, by feature (handy for the server to check that each one is routed). */
export const calls = {
  auth: { loginCall, logoutCall },
  profile: { profileUserCall },
  jadwal: { jadwalCurrentCall, jadwalPreviousCall, jadwalFutureCall },
  tryoutPaket: { previewPaketCall, startPaketCall, saveAnswerPaketCall, statusMapelCall, endPaketCall },
  tryoutMateri: {
    materiKategoriCall,
    materiMapelCall,
    materiListCall,
    startMateriCall,
    saveAnswerMateriCall,
    endMateriCall,
    hasilMateriListCall,
    hasilMateriCall,
    pembahasanMateriCall,
  },
  hasil: {
    hasilKategoriCall,
    hasilJadwalCall,
    hasilListCall,
    hasilSkorCall,
    hasilPtnCall,
    generateHasilMapelCall,
    pembahasanCall,
  },
  ranking: { rankingPaketListCall, rankingPaketCall, rankingJurusanCall },
} as const;

/** Every call as one flat list (30 calls, one per row). */
export const allCalls = Object.values(calls).flatMap((group) => Object.values(group));
