package io.snippetstore.storage.control;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/** The one transaction a {@link GroupCommit} group's writes share: all commit together, or none does. */
@Stateless
public class SharedTransaction {

    /** Runs the writes in order in one new transaction; their results once it has committed. */
    @WriteTransaction
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<Object> run(List<Supplier<?>> writes) {
        List<Object> results = new ArrayList<>(writes.size());
        for (Supplier<?> write : writes) {
            results.add(write.get());
        }
        return results;
    }
}
