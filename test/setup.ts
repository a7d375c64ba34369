// In-process tests would otherwise print a request log line for every call.
import { setLogLevel } from "../src/log.ts";

setLogLevel(process.env.LOG_LEVEL ?? "silent");
