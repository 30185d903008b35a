package io.snippetstore.storage.control;

import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Enters the {@link WriteGate} inside the caller's transaction and leaves it only when that
 * transaction has completed, so the gate is held across the commit (an interceptor returning
 * is not enough: container-managed transactions commit after it). Nested write methods in the
 * same transaction pass straight through. New data is refused before the gate when the disk is
 * low (see {@link WriteTransaction#freesSpace()}).
 */
@WriteTransaction
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_AFTER)
public class WriteTransactionInterceptor {

    private static final Object GATE_HELD = WriteTransactionInterceptor.class.getName() + ".held";

    @Inject
    WriteGate gate;

    @Inject
    DiskSpace disk;

    @Resource
    TransactionSynchronizationRegistry transactions;

    @AroundInvoke
    public Object serializeWrites(InvocationContext invocation) throws Exception {
        if (transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
            refuseNewDataOnLowDisk(invocation);
            gate.enter();
            try {
                return invocation.proceed();
            } finally {
                gate.leave();
            }
        }
        if (transactions.getResource(GATE_HELD) == null) {
            refuseNewDataOnLowDisk(invocation);
            gate.enter();
            try {
                transactions.registerInterposedSynchronization(new ReleaseAfterCompletion(gate));
            } catch (RuntimeException e) {
                gate.leave();
                throw e;
            }
            transactions.putResource(GATE_HELD, Boolean.TRUE);
        }
        return invocation.proceed();
    }

    private void refuseNewDataOnLowDisk(InvocationContext invocation) {
        if (!freesSpace(invocation) && disk.isLow()) {
            throw DiskSpace.full();
        }
    }

    private static boolean freesSpace(InvocationContext invocation) {
        WriteTransaction binding = invocation.getMethod().getAnnotation(WriteTransaction.class);
        if (binding == null) {
            binding = invocation.getMethod().getDeclaringClass().getAnnotation(WriteTransaction.class);
        }
        return binding != null && binding.freesSpace();
    }

    private record ReleaseAfterCompletion(WriteGate gate) implements Synchronization {

        @Override
        public void beforeCompletion() {
            // the gate stays held while the commit writes
        }

        @Override
        public void afterCompletion(int status) {
            gate.leave();
        }
    }
}
