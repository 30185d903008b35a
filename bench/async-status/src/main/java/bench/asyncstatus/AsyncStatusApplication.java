package bench.asyncstatus;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** JAX-RS root: everything under {context}/api. */
@ApplicationPath("/api")
public class AsyncStatusApplication extends Application {}
